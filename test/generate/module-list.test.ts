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
      'import { accountsModule } from "./accounts.module.ts";\nimport type { Wired } from "./module.ts";\nimport { orderItemsModule } from "./order-items.module.ts";\n',
    );
    expect(values.__MODULE_LIST__).toBe("accountsModule, orderItemsModule");
  });

  test("the import of Wired (the list's check) sorts among the modules' as Biome orders sources", () => {
    const imports = (names: string[]) =>
      moduleListPlaceholders(names.map((name) => `src/modules/${name}.module.ts`))
        .__MODULE_IMPORTS__?.split("\n")
        .map((line) => /from "\.\/(.*)\.ts";/.exec(line)?.[1])
        .filter(Boolean);
    expect(imports(["modules", "mod", "module-x", "zoo", "metrics"])).toEqual([
      "metrics.module",
      "mod.module",
      "module",
      "module-x.module",
      "modules.module",
      "zoo.module",
    ]);
  });

  test("no module file: an empty list, and the import of Wired alone", () => {
    expect(moduleListPlaceholders(["src/main.ts"])).toEqual({
      __MODULE_IMPORTS__: 'import type { Wired } from "./module.ts";\n',
      __MODULE_LIST__: "",
    });
  });
});
