import { readFileSync } from "node:fs";

/** The database this project was generated for (scaffold.json). */
export const databaseKind = (JSON.parse(readFileSync("scaffold.json", "utf8")) as { database: string }).database;

/** `DATABASE_URL` forms each database layer accepts: any one of them is the wrong kind in the other layers. */
export const databaseUrlsByKind: Record<string, string[]> = {
  postgres: [
    "postgres://app:secret-password@127.0.0.1:5432/app",
    "postgresql://app@db.example.com/app",
    "pglite:./.data/postgres",
    "pglite:memory:",
  ],
  mysql: ["mysql://root:secret-password@127.0.0.1:3306/app"],
  sqlite: ["file:./.data/app.sqlite", "./.data/app.sqlite", ":memory:"],
};
