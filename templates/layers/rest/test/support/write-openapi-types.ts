import { writeFileSync } from "node:fs";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import { createTestApp } from "./test-app.ts";

// Writes the types of the contract's client (openapi-types.ts, beside this file) from the document the app serves,
// built as the tests build it: no .env and no database needed. Git-ignored and written again before every type-check
// (`npm run contract:types`, the typecheck scripts' pre-step), so the types never lag behind the routes.
const { app } = createTestApp();
const document = (await (await app.request("/apidocs/openapi.json")).json()) as OpenAPI3;
const header = "// Written by `npm run contract:types` from the app's OpenAPI document: do not edit.\n\n";
writeFileSync(new URL("./openapi-types.ts", import.meta.url), header + astToString(await openapiTS(document)));
console.log("wrote the OpenAPI client's types");
