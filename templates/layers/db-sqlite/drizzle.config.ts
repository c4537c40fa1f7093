import { defineConfig } from "drizzle-kit";
import { schemaFiles } from "./src/schema.ts";

export default defineConfig({ dialect: "sqlite", schema: schemaFiles, out: "./drizzle" });
