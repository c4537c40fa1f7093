import { defineConfig } from "drizzle-kit";
import { schemaFiles } from "./src/schema.ts";

export default defineConfig({ dialect: "mysql", schema: schemaFiles, out: "./drizzle" });
