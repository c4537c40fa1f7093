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
      'import { accountsModule } from "./auth/accounts.module.ts";\nimport { orderItemsModule } from "./order-items/order-items.module.ts";\nimport type { Wired } from "./platform/module.ts";\n',
    );
    expect(values.__MODULE_LIST__).toBe("accountsModule, orderItemsModule");
  });

  test("the import of Wired (the list's check) sorts among the modules' as Biome orders sources", () => {
    const imports = (paths: string[]) =>
      moduleListPlaceholders(paths)
        .__MODULE_IMPORTS__?.split("\n")
        .map((line) => /from "\.\/(.*)\.ts";/.exec(line)?.[1])
        .filter(Boolean);
    expect(
      imports(["src/zoo/zoo.module.ts", "src/platform-x/x.module.ts", "src/pla/pla.module.ts", "src/metrics/m.module.ts"]),
    ).toEqual(["metrics/m.module", "pla/pla.module", "platform/module", "platform-x/x.module", "zoo/zoo.module"]);
  });

  test("no module file: an empty list, and the import of Wired alone", () => {
    expect(moduleListPlaceholders(["src/main.ts"])).toEqual({
      __MODULE_IMPORTS__: 'import type { Wired } from "./platform/module.ts";\n',
      __MODULE_LIST__: "",
    });
  });
});
