import { index, integer } from "drizzle-orm/pg-core";

// What a table pointing at another needs: full's tables, and those of the models that scaffold add-model adds.

/** A column holding another table's id (the table adds the foreign key with `.references()`). */
export const referenceColumn = (name: string) => integer(name);

/** An index over columns of a table (the databases do not index a foreign key column by themselves, except MySQL). */
export { index };
