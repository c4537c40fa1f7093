/**
 * Starts the example: `npm run example:crud`. PORT (default 3000), JWT_SECRET (a fixed development secret by
 * default), PGLITE_DIR (keep the data in a folder; in memory by default).
 */
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { openDatabase } from "./database.ts";

const port = Number(process.env.PORT ?? 3000);
const secret = process.env.JWT_SECRET ?? "example-only-secret-change-me";
const { db, close } = await openDatabase(process.env.PGLITE_DIR);
const server = serve({ fetch: createApp(db, secret).fetch, port, hostname: "127.0.0.1" }, (info) => {
  console.log(
    `scaffold/crud example listening on http://127.0.0.1:${info.port} (API reference: /apidocs-ui.html, GraphiQL: /graphiql)`,
  );
});

function stop(): void {
  server.close(() => void close().then(() => process.exit(0)));
}
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
