import type { EmitContext } from "../model.ts";
import { destructuredSignature, fitOrBreak, objectLiteral, referenceFields, signature } from "./fields.ts";
import { type ImportSpec, importLines } from "./imports.ts";
import { PLATFORM, resourceImport } from "./paths.ts";

/** `src/<plural>/<plural>.routes.ts`: the REST routes with their zod-openapi schemas. */
export function emitRoutes(context: EmitContext): string {
  const { record, names, parents, children, hasMany, template } = context;
  const P = names.pascal;
  const c = names.camel;
  const protectedRoutes = template === "full" && !record.public;
  const relations = parents.length + hasMany.length > 0;
  const body = relations ? `${c}BodySchema` : `${c}Schema`;
  const toBody = relations ? "toBody" : `to${P}Body`;
  const relationNames = [
    ...parents.map((parent) => parent.names.snake),
    ...hasMany.map((child) => child.names.pluralSnake),
  ];
  const hasParents = parents.length > 0;
  // full: a model of the template's users is written only by its user or an administrator (as the users' routes).
  const owned = protectedRoutes && parents.some((parent) => parent.templateUser);
  const imports: ImportSpec[] = [
    ...(relations || hasParents ? [{ from: "@hono/zod-openapi", names: ["z"] }] : []),
    ...(protectedRoutes ? [{ from: "hono", names: ["MiddlewareHandler"], typeOnly: true }] : []),
    ...(owned
      ? [
          { from: "../auth/principal.ts", names: ["Principal"], typeOnly: true },
          { from: "../auth/auth-errors.ts", names: ["forbidden"] },
        ]
      : []),
    ...(relations
      ? [
          {
            from: resourceImport(names, names, "domain"),
            names: [`${names.snake.toUpperCase()}_RELATIONS`, `type ${P}`],
          },
        ]
      : []),
    { from: resourceImport(names, names, "service"), names: [`${P}Service`], typeOnly: true },
    { from: `${PLATFORM}/http/rest-envelope.ts`, names: [...(hasParents ? ["errorResponses"] : []), "success"] },
    ...(relations || hasParents ? [{ from: `${PLATFORM}/http/params.ts`, names: ["idParams", "listQuery"] }] : []),
    {
      from: resourceImport(names, names, "schemas"),
      names: [`${c}InputSchema`, `${c}Schema`, `to${P}Body`, `to${P}Input`],
    },
    ...(protectedRoutes ? [{ from: "../auth/require-auth.ts", names: ["bearerSecurity"] }] : []),
    { from: `${PLATFORM}/http/resource-routes.ts`, names: ["resourceRoutes"] },
    { from: `${PLATFORM}/http/router.ts`, names: ["createRouter"] },
    ...parents.map((parent) => ({
      from: resourceImport(names, parent.names, "schemas"),
      names: [`${parent.names.camel}Schema`, `to${parent.names.pascal}Body`],
    })),
    ...hasMany.map((child) => ({
      from: resourceImport(names, child.names, "schemas"),
      names: [`${child.names.camel}Schema`, `to${child.names.pascal}Body`],
    })),
  ];
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
  const removeErrors = [...(owned ? ["403"] : []), ...(children.length > 0 ? ["409"] : [])].join(", ");
  const ownerCheck = owned
    ? [
        "/**",
        ` * As the users' own routes: a user creates, changes and deletes only their own ${names.pluralWords}; an administrator`,
        " * anyone's (FORBIDDEN otherwise).",
        " */",
        "function mayWriteFor(principal: Principal, userId: number): void {",
        `  if (principal.id !== userId && !principal.isAdmin) throw forbidden("You may only write your own ${names.pluralWords}");`,
        "}",
        "",
      ]
    : [];
  const mayWrite = (userId: string) => (owned ? [`      mayWriteFor(c.get("principal"), ${userId});`] : []);
  const ownerOf = (id: string) => `(await ${c}Service.get(${id})).userId`;
  const summary = {
    create: `Create a ${names.words}`,
    list: `List ${names.pluralWords} (oldest first)`,
    get: `Get a ${names.words}`,
    update: `Replace a ${names.words} (a field left out becomes null)`,
    remove: `Delete a ${names.words} (soft delete: the row keeps its deletion time)`,
  };
  const routes = [
    `const routes = resourceRoutes(${objectLiteral(
      [
        `tag: "${names.pluralKebab}"`,
        `noun: "${names.words}"`,
        `item: ${body}`,
        ...(protectedRoutes ? ["security: bearerSecurity"] : []),
      ],
      "",
      120 - "const routes = resourceRoutes();".length,
    )});`,
    ...(parents.length > 0
      ? [
          `const created = routes.create("${summary.create}", ${c}InputSchema);`,
          `/** An unknown ${parents.map((parent) => parent.names.words).join(" or ")} is a 404 too. */`,
          `const create = { ...created, responses: { ...created.responses, ...errorResponses(${owned ? "403, 404" : "404"}) } };`,
        ]
      : [`const create = routes.create("${summary.create}", ${c}InputSchema);`]),
    ...(relations
      ? [
          `const list = { ...routes.list("${summary.list}"), request: { query: listWithInclude } };`,
          `const get = { ...routes.get("${summary.get}"), request: { params: idParams, query: includeQuery } };`,
        ]
      : [`const list = routes.list("${summary.list}");`, `const get = routes.get("${summary.get}");`]),
    ...fitOrBreak(`const update = routes.update("${summary.update}", ${c}InputSchema${owned ? ", [403]" : ""});`, [
      "const update = routes.update(",
      `  "${summary.update}",`,
      `  ${c}InputSchema,`,
      ...(owned ? ["  [403],"] : []),
      ");",
    ]),
    ...fitOrBreak(
      `const remove = routes.remove("${summary.remove}"${removeErrors.length > 0 ? `, [${removeErrors}]` : ""});`,
      [
        "const remove = routes.remove(",
        `  "${summary.remove}",`,
        ...(removeErrors.length > 0 ? [`  [${removeErrors}],`] : []),
        ");",
      ],
    ),
    "",
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
    }),
  );
  return [
    ...importLines(imports),
    "",
    ...relationPart.slice(1),
    ...(relationPart.length > 0 ? [""] : []),
    ...routes,
    ...ownerCheck,
    `/** The ${names.pluralWords} over REST, mounted at /api/v1/${names.pluralKebab}${protectedRoutes ? " (an access token is required)" : ""}. */`,
    ...destructuredSignature(`export function ${c}Routes`, deps, " {"),
    ...routerStart,
    "    .openapi(create, async (c) => {",
    ...(owned
      ? [
          `      const input = to${P}Input(c.req.valid("json"));`,
          ...mayWrite("input.userId"),
          `      const ${c} = await ${c}Service.create(input);`,
        ]
      : [`      const ${c} = await ${c}Service.create(to${P}Input(c.req.valid("json")));`]),
    `      c.header("Location", \`\${c.req.path.replace(/\\/$/, "")}/\${${c}.id}\`);`,
    `      return c.json(success(${toBody}(${c})), 201);`,
    "    })",
    ...readList,
    "    .openapi(update, async (c) => {",
    ...(owned
      ? [
          `      const { id } = c.req.valid("param");`,
          `      const input = to${P}Input(c.req.valid("json"));`,
          ...mayWrite("input.userId"),
          ...mayWrite(ownerOf("id")),
          `      const ${c} = await ${c}Service.update(id, input);`,
        ]
      : [`      const ${c} = await ${c}Service.update(c.req.valid("param").id, to${P}Input(c.req.valid("json")));`]),
    `      return c.json(success(${toBody}(${c})), 200);`,
    "    })",
    "    .openapi(remove, async (c) => {",
    `      const { id } = c.req.valid("param");`,
    ...mayWrite(ownerOf("id")),
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
}

/** `GET` and `POST /api/v1/<parent plural>/{<parent>Id}/<plural>`, in a router mounted at the parent's path. */
function nestedRoutes(context: EmitContext, options: NestedOptions): string[] {
  const { names } = context;
  const { parent, name, property, protectedRoutes, relations, toBody, listQueryName } = options;
  const owned = protectedRoutes && parent.templateUser;
  const P = names.pascal;
  const c = names.camel;
  const Parent = parent.names.pascal;
  const path = `/{${property}}/${names.pluralKebab}`;
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
    "/** Creating in a parent: the parent's id comes from the path, and an unknown parent is a 404. */",
    ...signature(
      "",
      `const createdIn${Parent} = routes.create`,
      [`"Create a ${names.words} of a ${parent.names.words}"`, bodySchema],
      ";",
    ),
    `const createIn${Parent} = {`,
    `  ...createdIn${Parent},`,
    `  path: "${path}",`,
    `  request: { ...createdIn${Parent}.request, params: ${parent.names.camel}Params },`,
    `  responses: { ...createdIn${Parent}.responses, ...errorResponses(${owned ? "403, 404" : "404"}) },`,
    "};",
    ...signature(
      "",
      `const listed${Parent} = routes.list`,
      [`"List the ${names.pluralWords} of a ${parent.names.words} (oldest first)"`],
      ";",
    ),
    `const listOf${Parent} = {`,
    `  ...listed${Parent},`,
    `  path: "${path}",`,
    `  request: { params: ${parent.names.camel}Params, query: ${listQueryName} },`,
    `  responses: { ...listed${Parent}.responses, ...errorResponses(404) },`,
    "};",
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
    ...(owned ? [`      mayWriteFor(c.get("principal"), ${property});`] : []),
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
