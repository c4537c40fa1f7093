/**
 * The GraphQL dependencies are optional: an app importing only `scaffold/crud` must load none of them. Node runs the
 * import with a resolve hook that refuses graphql, graphql-yoga, dataloader (as if not installed) and any file under
 * src/crud/graphql; the same hook makes `scaffold/crud/graphql` fail, which shows the check can fail.
 */
import { describe, expect, test } from "bun:test";

const root = new URL("../../", import.meta.url).pathname;

const hook = `
import { registerHooks } from "node:module";
registerHooks({
  resolve(specifier, context, next) {
    if (/^(graphql|graphql-yoga|dataloader|@graphql-yoga\\/|@envelop\\/)/.test(specifier)) {
      throw new Error("refused package: " + specifier);
    }
    const resolved = next(specifier, context);
    if (process.env.REFUSE_OWN && resolved.url.includes("/src/crud/graphql/")) throw new Error("refused file: " + resolved.url);
    return resolved;
  },
});`;

async function importWithoutGraphql(entry: string, refuseOwnFiles: boolean): Promise<{ code: number; output: string }> {
  const child = Bun.spawn(
    [
      `${root}node_modules/.bin/node`,
      "--import",
      `data:text/javascript,${encodeURIComponent(hook)}`,
      "--input-type=module",
      "-e",
      `const m = await import(${JSON.stringify(entry)}); console.log(Object.keys(m).sort().join(","));`,
    ],
    {
      cwd: root,
      env: { ...process.env, REFUSE_OWN: refuseOwnFiles ? "1" : "" },
      stdout: "pipe",
      stderr: "pipe",
    },
  );
  const [stdout, stderr] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
  return { code: await child.exited, output: stdout + stderr };
}

describe("scaffold/crud loads no GraphQL code", () => {
  test("importing scaffold/crud works with the GraphQL packages and src/crud/graphql unresolvable", async () => {
    const { code, output } = await importWithoutGraphql("scaffold/crud", true);
    expect(output).toContain("crud,");
    expect(code).toBe(0);
  }, 60_000);

  test("importing scaffold/crud/graphql fails under the same hook: on its files, and on the packages alone", async () => {
    const own = await importWithoutGraphql("scaffold/crud/graphql", true);
    expect([own.code !== 0, own.output.includes("refused file:")]).toEqual([true, true]);
    const packages = await importWithoutGraphql("scaffold/crud/graphql", false);
    expect([packages.code !== 0, packages.output.includes("refused package: graphql")]).toEqual([true, true]);
  }, 60_000);
});
