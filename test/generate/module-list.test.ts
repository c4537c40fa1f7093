import { describe, expect, test } from "bun:test";
import { moduleListPlaceholders } from "../../src/generate/module-list.ts";

describe("module list of src/modules.ts", () => {
  test("lists every src/<folder>/<name>.module.ts, sorted by name, as <name>Module (kebab-case names in camelCase)", () => {
    const values = moduleListPlaceholders([
      "src/platform/module.ts",
      "src/order-items/order-items.module.ts",
      "src/auth/accounts.module.ts",
      "src/modules.ts",
      "src/notes.module.ts",
      "test/fake/fake.module.ts",
    ]);
    expect(values.__MODULE_IMPORTS__).toBe(
      'import { accountsModule } from "./auth/accounts.module.ts";\nimport { orderItemsModule } from "./order-items/order-items.module.ts";\n',
    );
    expect(values.__MODULE_LIST__).toBe("accountsModule, orderItemsModule");
  });

  test("no module file: an empty list", () => {
    expect(moduleListPlaceholders(["src/main.ts"])).toEqual({ __MODULE_IMPORTS__: "", __MODULE_LIST__: "" });
  });
});
