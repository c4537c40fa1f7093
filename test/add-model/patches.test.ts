import { describe, expect, test } from "bun:test";
import { stringifyJson } from "../../src/add-model/json.ts";
import { addToModuleList, spreadModelAdapters } from "../../src/add-model/patches.ts";

const MODULES = `import { usersModule } from "./users/users.module.ts";
import { usersHttpModule } from "./users/users-http.module.ts";

/** The modules. */
export const modules = [usersModule, usersHttpModule] as const;
`;

describe("registry patches", () => {
  test("the module list: the import in Biome's order, the module at the end, everything else byte for byte", () => {
    const patched = addToModuleList("modules.ts", MODULES, "categoriesModule", "categories/categories.module.ts");
    expect(patched).toBe(`import { categoriesModule } from "./categories/categories.module.ts";
import { usersModule } from "./users/users.module.ts";
import { usersHttpModule } from "./users/users-http.module.ts";

/** The modules. */
export const modules = [usersModule, usersHttpModule, categoriesModule] as const;
`);
  });

  test("a list that spreads another: the module goes after the spread and the rest", () => {
    const code = `const base = [usersModule] as const;\nexport const modules = [...base, apidocsModule] as const;\n`;
    expect(addToModuleList("modules.ts", code, "categoriesModule", "categories/categories.module.ts")).toBe(
      `import { categoriesModule } from "./categories/categories.module.ts";\n\nconst base = [usersModule] as const;\nexport const modules = [...base, apidocsModule, categoriesModule] as const;\n`,
    );
  });

  test("a registry that already names the addition (the manual edit was made) is left as it is", () => {
    const listed = `import { categoriesModule } from "./categories/categories.module.ts";\n\nconst list = [usersModule, categoriesModule];\nexport const modules = list;\n`;
    expect(addToModuleList("modules.ts", listed, "categoriesModule", "categories/categories.module.ts")).toBe(listed);
    // Listed but not imported: only the import is added.
    const unimported = "export const modules = [usersModule, categoriesModule] as const;\n";
    expect(addToModuleList("modules.ts", unimported, "categoriesModule", "categories/categories.module.ts")).toBe(
      `import { categoriesModule } from "./categories/categories.module.ts";\n\n${unimported}`,
    );
  });

  test("an array that no longer fits in 120 columns is printed one element per line", () => {
    const listed = "accountsModule, apidocsModule, categoriesModule, productsModule, reviewsModule, tagsModule";
    const code = `export const modules = [${listed}] as const;\n`;
    expect(addToModuleList("modules.ts", code, "productTagsModule", "product-tags/product-tags.module.ts")).toBe(
      `import { productTagsModule } from "./product-tags/product-tags.module.ts";

export const modules = [
${[...listed.split(", "), "productTagsModule"].map((name) => `  ${name},`).join("\n")}
] as const;
`,
    );
  });

  test("hand-edited registries are refused with the edit to make", () => {
    const cases: Array<[() => string, RegExp]> = [
      [() => addToModuleList("modules.ts", "export const modules = list;", "aModule", "a.module.ts"), /array literal/],
      [
        () => addToModuleList("modules.ts", "export const modules = [...base, make()];", "aModule", "a.module.ts"),
        /something other than module names/,
      ],
      [() => addToModuleList("modules.ts", "export const modules = [;", "aModule", "a.module.ts"), /could not be read/],
      [() => spreadModelAdapters("test-app.ts", "export const app = makeApp({ users });"), /appFromModules/],
    ];
    for (const [patch, message] of cases) {
      expect(patch).toThrow(message);
      expect(patch).toThrow("Make this edit by hand");
    }
  });

  test("the printed edit of the test app, once made by hand, lets the next run through", () => {
    const testApp = "export const app = makeApp({ users });\n";
    expect(() => spreadModelAdapters("test-app.ts", testApp)).toThrow("Make this edit by hand");
    const spread = `import { modelAdapters } from "./model-adapters.ts";\n\nexport const app = makeApp({ users, ...modelAdapters() });\n`;
    expect(spreadModelAdapters("test-app.ts", spread)).toBe(spread);
  });

  test("the test app: the spread joins the adapters; a call that grows too long gets one argument per line", () => {
    const short = `import { appFromModules } from "./modules-app.ts";\n\nconst app = appFromModules({ users }, options);\n`;
    expect(spreadModelAdapters("test-app.ts", short)).toBe(
      `import { modelAdapters } from "./model-adapters.ts";\nimport { appFromModules } from "./modules-app.ts";\n\nconst app = appFromModules({ users, ...modelAdapters() }, options);\n`,
    );
    const long = `  const app = appFromModules({ users, refreshTokens, hasher: fakeHasher }, { env, pingDatabase: options.pingDatabase });\n`;
    expect(spreadModelAdapters("test-app.ts", long)).toContain(`  const app = appFromModules(
    { users, refreshTokens, hasher: fakeHasher, ...modelAdapters() },
    { env, pingDatabase: options.pingDatabase },
  );`);
  });
});

describe("scaffold.json as Biome formats it", () => {
  test("short arrays of plain values stay on one line; objects are expanded", () => {
    expect(stringifyJson({ a: ["X"], b: [], c: [{ d: 1 }], e: null })).toBe(
      `{\n  "a": ["X"],\n  "b": [],\n  "c": [\n    {\n      "d": 1\n    }\n  ],\n  "e": null\n}`,
    );
  });
});
