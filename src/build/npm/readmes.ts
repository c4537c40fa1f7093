/** The READMEs npm shows on each package's page: what it is, how to install it, where the full docs are. */
const DOCS = "https://github.com/scaffold-dev/scaffold/blob/main/docs";

export function crudReadme(version: string): string {
  return `# @scaffold-dev/crud

Drizzle tables become documented, secured REST resources on Hono (OpenAPI document, reference UI, optional GraphQL).
Compiled ESM with type declarations; runs on Node.js 22.13 or newer, Bun and Deno.

\`\`\`sh
npm install @scaffold-dev/crud hono drizzle-orm zod @hono/zod-openapi
\`\`\`

\`hono\`, \`drizzle-orm\`, \`zod\` and \`@hono/zod-openapi\` are peer dependencies: your app's copies are the ones used.
\`@scaffold-dev/crud/graphql\` also needs \`graphql\`, \`graphql-yoga\`, \`dataloader\` and \`graphql-jit\`.

Documentation: [${DOCS}/crud.md](${DOCS}/crud.md) (version ${version}).

Includes Swagger UI (Apache-2.0, see swagger-ui/LICENSE) for the reference page.
`;
}

export function cliReadme(version: string): string {
  return `# @scaffold-dev/cli

\`scaffold\`: generates production-ready TypeScript backend services (Hono, zod-openapi, Drizzle). Node.js 22.13 or
newer; the templates of this version are inside the package, so it needs no other download.

\`\`\`sh
npx @scaffold-dev/cli new demo        # or: npm install -g @scaffold-dev/cli && scaffold new demo
\`\`\`

Documentation: [${DOCS}/cli.md](${DOCS}/cli.md) (version ${version}).
`;
}
