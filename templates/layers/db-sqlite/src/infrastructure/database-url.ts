/** A SQLite file in ./.data (created on first start). */
export const defaultDatabaseUrl = "file:./.data/app.sqlite";
