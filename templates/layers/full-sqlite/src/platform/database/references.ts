import { index, integer } from "drizzle-orm/sqlite-core";

// What a table pointing at another needs; `scaffold add-model` copies each declaration from here into a project
// without it (minimal, graphql) with the first model that uses it.

/** A column holding another table's id (the table adds the foreign key with `.references()`). */
export const referenceColumn = (name: string) => integer(name);

/** An index over columns of a table (the databases do not index a foreign key column by themselves, except MySQL). */
export { index };
