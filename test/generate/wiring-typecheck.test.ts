/**
 * A generated project's module wiring is checked by its compiler: a module whose routes need a service no module
 * provides is a `tsc` error naming that service, not an undefined value at run time.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { addToModuleList } from "../../src/add-model/patches.ts";
import { expectSuccess, generateProject, npmInstall, npmRun } from "../support/generated-project.ts";

/** A module whose routes need `paymentService`, which no module of the template provides. */
const paymentsModule = `import { defineModule } from "../platform/module.ts";

export const paymentsModule = defineModule({
  provide: () => ({}),
  routes: (_container: { paymentService: { charge(cents: number): Promise<void> } }) => [],
});
`;

describe("module wiring checked by tsc", () => {
  let dir = "";
  beforeAll(async () => {
    dir = await generateProject("full", "sqlite");
    expectSuccess("npm install", await npmInstall(dir));
  }, 600_000);
  afterAll(() => (dir ? rm(dirname(dir), { recursive: true, force: true }) : undefined), 60_000);

  test("the generated project type-checks", async () => {
    expectSuccess("npm run typecheck", await npmRun(dir, "typecheck"));
  }, 180_000);

  test("a listed module needing what no module provides is a tsc error naming the missing service", async () => {
    await mkdir(join(dir, "src/payments"));
    await writeFile(join(dir, "src/payments/payments.module.ts"), paymentsModule);
    const list = join(dir, "src/modules.ts");
    await writeFile(
      list,
      addToModuleList(list, await readFile(list, "utf8"), "paymentsModule", "payments/payments.module.ts"),
    );
    const result = await npmRun(dir, "typecheck");
    expect(result.code).not.toBe(0);
    expect(result.output).toContain("src/modules.ts");
    expect(result.output).toContain('"needs paymentService, which no module provides (with that type)"');
  }, 180_000);
});
