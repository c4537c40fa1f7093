import { defineConfig } from "drizzle-kit";

// Every resource declares its tables in its own folder (src/<resource>/<name>.table.ts): no list to keep.
export default defineConfig({ dialect: "sqlite", schema: "./src/*/*.table.ts", out: "./drizzle" });
