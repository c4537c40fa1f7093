import type { EmitContext } from "../model.ts";
import { destructuredSignature, fitOrBreak, referenceFields } from "./fields.ts";
import { type ImportSpec, importLines } from "./imports.ts";

type Status = 400 | 401 | 404 | 409;

/** `src/adapters/http/<plural>.routes.ts`: the REST routes with their zod-openapi schemas. */
export function emitRoutes(context: EmitContext): string {
  const { record, names, parents, children, hasMany, template } = context;
  const P = names.pascal;
  const c = names.camel;
  const protectedRoutes = template === "full" && !record.public;
  const relations = parents.length + hasMany.length > 0;
  const unique = record.fields.some((field) => field.unique);
  const statuses = (...codes: Status[]): string => {
    const all = new Set<Status>([...codes, ...(protectedRoutes ? [401 as const] : [])]);
    return `...errorResponses(${[...all].sort().join(", ")})`;
  };
  const writeStatuses: Status[] = [
    400,
    ...(parents.length > 0 ? [404 as const] : []),
    ...(unique ? [409 as const] : []),
  ];
  const body = relations ? `${c}BodySchema` : `${c}Schema`;
  const toBody = relations ? "toBody" : `to${P}Body`;
  const relationNames = [
    ...parents.map((parent) => parent.names.snake),
    ...hasMany.map((child) => child.names.pluralSnake),
  ];
  const imports: ImportSpec[] = [
    { from: "@hono/zod-openapi", names: ["createRoute", "z"] },
    ...(protectedRoutes || parents.length > 0 ? [] : []),
    ...(protectedRoutes ? [{ from: "hono", names: ["MiddlewareHandler"], typeOnly: true }] : []),
    relations
      ? { from: `../../domain/${names.kebab}.ts`, names: [`${names.snake.toUpperCase()}_RELATIONS`, `type ${P}`] }
      : { from: `../../domain/${names.kebab}.ts`, names: [], typeOnly: true },
    { from: `../../services/${names.kebab}.service.ts`, names: [`${P}Service`], typeOnly: true },
    { from: "./envelope.ts", names: ["errorResponses", "messageSchema", "success", "successSchema"] },
    { from: "./params.ts", names: ["idParams", "listQuery"] },
    {
      from: `./${names.pluralKebab}.schemas.ts`,
      names: [`${c}InputSchema`, `${c}Schema`, `to${P}Body`, `to${P}Input`],
    },
    ...(protectedRoutes ? [{ from: "./require-auth.ts", names: ["bearerSecurity"] }] : []),
    { from: "./router.ts", names: ["createRouter"] },
    ...parents.map((parent) => ({
      from: `./${parent.names.pluralKebab}.schemas.ts`,
      names: [`${parent.names.camel}Schema`, `to${parent.names.pascal}Body`],
    })),
    ...hasMany.map((child) => ({
      from: `./${child.names.pluralKebab}.schemas.ts`,
      names: [`${child.names.camel}Schema`, `to${child.names.pascal}Body`],
    })),
  ].filter((spec) => spec.names.length > 0);
  const relationPart = relations
    ? [
        "",
        `/** A ${names.words} as the API shows it: the relations appear when the request includes them. */`,
        `const ${c}BodySchema = ${c}Schema`,
        "  .extend({",
        ...parents.map((parent) => `    ${parent.names.snake}: ${parent.names.camel}Schema.optional(),`),
        ...hasMany.map((child) => `    ${child.names.pluralSnake}: z.array(${child.names.camel}Schema).optional(),`),
        "  })",
        `  .openapi("${P}WithRelations");`,
        "",
        `const toBody = (${c}: ${P}): z.infer<typeof ${c}BodySchema> => ({`,
        `  ...to${P}Body(${c}),`,
        ...parents.map(
          (parent) =>
            `  ...(${c}.${parent.names.camel} && { ${parent.names.snake}: to${parent.names.pascal}Body(${c}.${parent.names.camel}) }),`,
        ),
        ...hasMany.map(
          (child) =>
            `  ...(${c}.${child.names.pluralCamel} && { ${child.names.pluralSnake}: ${c}.${child.names.pluralCamel}.map(to${child.names.pascal}Body) }),`,
        ),
        "});",
        "",
        "/** `include=a,b`: the relations to load with the read (one query per relation); an unknown name is a 400. */",
        "const include = z",
        "  .string()",
        "  .optional()",
        `  .transform((value) => (value ? value.split(",") : []))`,
        `  .pipe(z.array(z.enum(${names.snake.toUpperCase()}_RELATIONS)))`,
        `  .openapi({ param: { name: "include", in: "query" }, type: "string", example: "${relationNames.join(",")}" });`,
        "const listWithInclude = listQuery.extend({ include });",
        "const includeQuery = z.object({ include });",
      ]
    : [];
  const listQueryName = relations ? "listWithInclude" : "listQuery";
  const response = (description: string) => `${c}Response("${description}")`;
  const route = (name: string, lines: string[]) => [
    `const ${name} = createRoute({`,
    "  ...common,",
    ...lines,
    "});",
    "",
  ];
  const routes = [
    ...route("create", [
      `  method: "post",`,
      `  path: "/",`,
      `  summary: "Create a ${names.words}",`,
      "  request: { body: inputBody },",
      "  responses: {",
      "    201: {",
      `      ...${response(`The new ${names.words}`)},`,
      `      headers: z.object({ Location: z.string().openapi({ example: "/api/v1/${names.pluralKebab}/1" }) }),`,
      "    },",
      `    ${statuses(...writeStatuses)},`,
      "  },",
    ]),
    ...route("list", [
      `  method: "get",`,
      `  path: "/",`,
      `  summary: "List ${names.pluralWords} (oldest first)",`,
      `  request: { query: ${listQueryName} },`,
      "  responses: {",
      "    200: {",
      `      description: "${names.pluralPascal}",`,
      `      content: { "application/json": { schema: successSchema(z.array(${body})) } },`,
      "    },",
      `    ${statuses(400)},`,
      "  },",
    ]),
    ...route("get", [
      `  method: "get",`,
      `  path: "/{id}",`,
      `  summary: "Get a ${names.words}",`,
      `  request: { params: idParams${relations ? ", query: includeQuery" : ""} },`,
      `  responses: { 200: ${response(`The ${names.words}`)}, ${statuses(400, 404)} },`,
    ]),
    ...route("update", [
      `  method: "put",`,
      `  path: "/{id}",`,
      `  summary: "Replace a ${names.words} (a field left out becomes null)",`,
      "  request: { params: idParams, body: inputBody },",
      `  responses: { 200: ${response(`The updated ${names.words}`)}, ${statuses(...writeStatuses, 404)} },`,
    ]),
    ...route("remove", [
      `  method: "delete",`,
      `  path: "/{id}",`,
      `  summary: "Delete a ${names.words} (soft delete: the row keeps its deletion time)",`,
      "  request: { params: idParams },",
      "  responses: {",
      `    200: { description: "Deleted", content: { "application/json": { schema: messageSchema } } },`,
      `    ${statuses(400, 404, ...(children.length > 0 ? [409 as const] : []))},`,
      "  },",
    ]),
  ];
  const deps: Array<[string, string]> = [
    [`${c}Service`, `${P}Service`],
    ...(protectedRoutes ? [["requireAuth", "MiddlewareHandler"] as [string, string]] : []),
  ];
  const routerStart = protectedRoutes
    ? ["  const router = createRouter();", `  router.use("*", requireAuth);`, "  return router"]
    : ["  return createRouter()"];
  const readList = relations
    ? [
        "    .openapi(list, async (c) => {",
        `      const { include, ...page } = c.req.valid("query");`,
        `      return c.json(success((await ${c}Service.list(page, include)).map(${toBody})), 200);`,
        "    })",
        "    .openapi(get, async (c) => {",
        `      const ${c} = await ${c}Service.get(c.req.valid("param").id, c.req.valid("query").include);`,
        `      return c.json(success(${toBody}(${c})), 200);`,
        "    })",
      ]
    : [
        "    .openapi(list, async (c) => {",
        `      const ${names.pluralCamel} = await ${c}Service.list(c.req.valid("query"));`,
        `      return c.json(success(${names.pluralCamel}.map(${toBody})), 200);`,
        "    })",
        "    .openapi(get, async (c) => {",
        `      const ${c} = await ${c}Service.get(c.req.valid("param").id);`,
        `      return c.json(success(${toBody}(${c})), 200);`,
        "    })",
      ];
  const nested = referenceFields(context).flatMap(({ parent, name, property }) =>
    nestedRoutes(context, {
      parent,
      name,
      property,
      protectedRoutes,
      relations,
      toBody,
      listQueryName,
      statuses,
      body,
    }),
  );
  return [
    ...importLines(imports),
    "",
    `const common = { tags: ["${names.pluralSnake}"]${protectedRoutes ? ", security: bearerSecurity" : ""} };`,
    ...relationPart,
    `const ${c}Response = (description: string) => ({`,
    "  description,",
    `  content: { "application/json": { schema: successSchema(${body}) } },`,
    "});",
    `const inputBody = { required: true, content: { "application/json": { schema: ${c}InputSchema } } };`,
    "",
    ...routes,
    `/** The ${names.pluralWords} over REST, mounted at /api/v1/${names.pluralKebab}${protectedRoutes ? " (an access token is required)" : ""}. */`,
    ...destructuredSignature(`export function ${c}Routes`, deps, " {"),
    ...routerStart,
    "    .openapi(create, async (c) => {",
    `      const ${c} = await ${c}Service.create(to${P}Input(c.req.valid("json")));`,
    `      c.header("Location", \`\${c.req.path.replace(/\\/$/, "")}/\${${c}.id}\`);`,
    `      return c.json(success(${toBody}(${c})), 201);`,
    "    })",
    ...readList,
    "    .openapi(update, async (c) => {",
    `      const ${c} = await ${c}Service.update(c.req.valid("param").id, to${P}Input(c.req.valid("json")));`,
    `      return c.json(success(${toBody}(${c})), 200);`,
    "    })",
    "    .openapi(remove, async (c) => {",
    `      const { id } = c.req.valid("param");`,
    `      await ${c}Service.delete(id);`,
    `      return c.json({ status: "success" as const, message: \`${P} \${id} deleted\` }, 200);`,
    "    });",
    "}",
    ...nested,
    "",
  ].join("\n");
}

interface NestedOptions {
  parent: EmitContext["parents"][number];
  name: string;
  property: string;
  protectedRoutes: boolean;
  relations: boolean;
  toBody: string;
  listQueryName: string;
  body: string;
  statuses: (...codes: Status[]) => string;
}

/** `GET` and `POST /api/v1/<parent plural>/{<parent>Id}/<plural>`, in a router mounted at the parent's path. */
function nestedRoutes(context: EmitContext, options: NestedOptions): string[] {
  const { names, record } = context;
  const { parent, name, property, protectedRoutes, relations, toBody, listQueryName, body, statuses } = options;
  const P = names.pascal;
  const c = names.camel;
  const Parent = parent.names.pascal;
  const path = `/{${property}}/${names.pluralKebab}`;
  const unique = record.fields.some((field) => field.unique);
  const deps: Array<[string, string]> = [
    [`${c}Service`, `${P}Service`],
    ...(protectedRoutes ? [["requireAuth", "MiddlewareHandler"] as [string, string]] : []),
  ];
  const bodySchema = `${c}InputSchema.omit({ ${name}: true })`;
  return [
    "",
    `const ${parent.names.camel}Params = z.object({`,
    `  ${property}: idParams.shape.id.openapi({ param: { name: "${property}", in: "path" }, type: "integer", example: 1 }),`,
    "});",
    "",
    `const createIn${Parent} = createRoute({`,
    "  ...common,",
    `  method: "post",`,
    `  path: "${path}",`,
    `  summary: "Create a ${names.words} of a ${parent.names.words}",`,
    "  request: {",
    `    params: ${parent.names.camel}Params,`,
    ...fitOrBreak(`    body: { required: true, content: { "application/json": { schema: ${bodySchema} } } },`, [
      "    body: {",
      "      required: true,",
      `      content: { "application/json": { schema: ${bodySchema} } },`,
      "    },",
    ]),
    "  },",
    "  responses: {",
    "    201: {",
    `      ...${c}Response("The new ${names.words}"),`,
    `      headers: z.object({ Location: z.string().openapi({ example: "/api/v1/${names.pluralKebab}/1" }) }),`,
    "    },",
    `    ${statuses(400, 404, ...(unique ? [409 as const] : []))},`,
    "  },",
    "});",
    "",
    `const listOf${Parent} = createRoute({`,
    "  ...common,",
    `  method: "get",`,
    `  path: "${path}",`,
    `  summary: "List the ${names.pluralWords} of a ${parent.names.words} (oldest first)",`,
    `  request: { params: ${parent.names.camel}Params, query: ${listQueryName} },`,
    "  responses: {",
    "    200: {",
    `      description: "${names.pluralPascal}",`,
    `      content: { "application/json": { schema: successSchema(z.array(${body})) } },`,
    "    },",
    `    ${statuses(400, 404)},`,
    "  },",
    "});",
    "",
    `/** /api/v1/${parent.names.pluralKebab}/{${property}}/${names.pluralKebab}: the ${names.pluralWords} of one ${parent.names.words}. */`,
    ...destructuredSignature(`export function ${parent.names.camel}${names.pluralPascal}Routes`, deps, " {"),
    ...(protectedRoutes
      ? [
          "  const router = createRouter();",
          `  router.use("/:${property}/${names.pluralKebab}", requireAuth);`,
          "  return router",
        ]
      : ["  return createRouter()"]),
    `    .openapi(createIn${Parent}, async (c) => {`,
    `      const { ${property} } = c.req.valid("param");`,
    `      const ${c} = await ${c}Service.create(to${P}Input({ ...c.req.valid("json"), ${name}: ${property} }));`,
    `      c.header("Location", \`/api/v1/${names.pluralKebab}/\${${c}.id}\`);`,
    `      return c.json(success(${toBody}(${c})), 201);`,
    "    })",
    `    .openapi(listOf${Parent}, async (c) => {`,
    relations ? `      const { include, ...page } = c.req.valid("query");` : `      const page = c.req.valid("query");`,
    `      const ${names.pluralCamel} = await ${c}Service.listBy${Parent}(c.req.valid("param").${property}, page${relations ? ", include" : ""});`,
    `      return c.json(success(${names.pluralCamel}.map(${toBody})), 200);`,
    "    });",
    "}",
  ];
}
