/** The resources the shared suites declare over the test tables (support/tables.ts), and a header-based test auth. */
import { z } from "zod";
import { type CrudOptions, defineResource, type ResourceOptions } from "../../../src/crud/index.ts";
import type { Tables } from "./tables.ts";

type AuthorOptions = Partial<ResourceOptions<Tables["authors"]>>;
type BookOptions = Partial<ResourceOptions<Tables["books"]>>;

export const auth: CrudOptions["auth"] = (c) => {
  const header = c.req.header("x-user");
  if (!header) return null;
  const [id = "", roles = ""] = header.split(":");
  return { id, roles: roles ? roles.split("|") : [] };
};
export const editor = { "x-user": "7:editor" };
export const reader = { "x-user": "8:reader" };

export function authorsResource(t: Tables, extra: AuthorOptions = {}) {
  return defineResource(t.authors, {
    path: "authors",
    fields: {
      name: {
        filterable: ["EQUALS", "LIKE", "IN", "NOT_IN"],
        constraints: [{ schema: z.string().min(2), groups: ["Create"], code: "Size", message: "name too short" }],
      },
      email: { filterable: ["EQUALS"], constraints: [{ schema: z.email(), code: "Email" }] },
      secret: { hidden: true },
      rating: {
        filterable: ["EQUALS", "GREATER_THAN", "LESS_THAN", "RANGE", "BETWEEN", "IS_NULL", "IS_NOT_NULL", "IN"],
      },
      active: { filterable: ["EQUALS"] },
      born: { filterable: ["GREATER_THAN", "RANGE"] },
      logged: { filterable: ["IN"] },
      logged_in: { filterable: ["EQUALS"] },
      code: { readOnly: true },
    },
    ...extra,
  });
}

export function booksResource(t: Tables, extra: BookOptions = {}) {
  return defineResource(t.books, {
    path: "/books/",
    softDelete: true,
    auditable: { version: true },
    security: { readLevel: "PUBLIC", writeLevel: "ROLE_BASED", roles: ["editor", "admin"] },
    fields: { title: { filterable: ["LIKE"] }, pages: { filterable: ["IS_NOT_NULL"] } },
    ...extra,
  });
}

export function countriesResource(t: Tables, extra: Partial<ResourceOptions<Tables["countries"]>> = {}) {
  return defineResource(t.countries, {
    path: "countries",
    fields: { size: { filterable: ["GREATER_THAN_OR_EQUAL", "LESS_THAN_OR_EQUAL", "NOT_IN"] } },
    ...extra,
  });
}
