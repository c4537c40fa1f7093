/** The REST resources of the example: one `defineResource` per table, no handler code. */
import { z } from "zod";
import { defineResource } from "../../src/crud/index.ts";
import { authors, books, reviews } from "./schema.ts";

export const resources = [
  defineResource(authors, {
    path: "authors",
    description: "Writers. Anyone may read; signed-in users may write.",
    tags: ["Authors"],
    security: { readLevel: "PUBLIC", writeLevel: "AUTHENTICATED" },
    sorting: { default: ["name"] },
    fields: {
      name: { filterable: ["EQUALS", "LIKE"] },
      country: { filterable: ["EQUALS", "IN", "IS_NULL"] },
      born: { filterable: ["RANGE", "BETWEEN"] },
      email: { hidden: true },
    },
  }),
  defineResource(books, {
    path: "books",
    description: "The catalogue. Soft delete, audit and optimistic locking; only editors may write.",
    tags: ["Books"],
    softDelete: true,
    auditable: { version: true },
    security: { readLevel: "PUBLIC", writeLevel: "ROLE_BASED", roles: ["editor", "admin"] },
    mapping: "DEFAULT",
    fields: {
      title: { filterable: ["LIKE"] },
      year: { filterable: ["EQUALS", "RANGE", "GREATER_THAN", "LESS_THAN"] },
      price: {
        filterable: ["LESS_THAN_OR_EQUAL", "BETWEEN"],
        constraints: [{ schema: z.number().min(0), code: "Min", message: "must not be negative" }],
      },
      authorId: { filterable: ["EQUALS", "IN"] },
      sold: { readOnly: true },
    },
  }),
  defineResource(reviews, {
    path: "reviews",
    description: "Readers' reviews. Signed-in users may write; the nested book and its author come with each review.",
    tags: ["Reviews"],
    security: { readLevel: "PUBLIC", writeLevel: "AUTHENTICATED" },
    mapping: "DEEP",
    sorting: { default: ["id,desc"] },
    fields: {
      bookId: { filterable: ["EQUALS"] },
      rating: {
        filterable: ["EQUALS", "GREATER_THAN_OR_EQUAL"],
        constraints: [{ schema: z.number().int().min(1).max(5), code: "Range", message: "must be between 1 and 5" }],
      },
    },
  }),
];
