import { describe, expect, test } from "bun:test";
import { moduleListPlaceholders } from "../../src/generate/module-list.ts";

describe("module list of src/modules/index.ts", () => {
  test("lists every src/modules/<name>.module.ts, sorted, as <name>Module (kebab-case names in camelCase)", () => {
    const values = moduleListPlaceholders([
      "src/modules/module.ts",
      "src/modules/order-items.module.ts",
      "src/modules/accounts.module.ts",
      "src/modules/index.ts",
      "src/other/notes.module.ts",
      "test/modules/fake.module.ts",
    ]);
    expect(values.__MODULE_IMPORTS__).toBe(
      'import { accountsModule } from "./accounts.module.ts";\nimport { orderItemsModule } from "./order-items.module.ts";\n',
    );
    expect(values.__MODULE_LIST__).toBe("accountsModule, orderItemsModule");
  });

  test("no module file: an empty list", () => {
    expect(moduleListPlaceholders(["src/main.ts"])).toEqual({ __MODULE_IMPORTS__: "", __MODULE_LIST__: "" });
  });
});
