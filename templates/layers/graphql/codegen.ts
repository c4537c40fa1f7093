import type { CodegenConfig } from "@graphql-codegen/cli";

/**
 * graphql-codegen (`npm run codegen`, and before `npm test` and `npm run typecheck`): the typed operations of the
 * resources' contract tests (each `*.graphql-contract.test.ts`), generated from the SDL the service serves into a
 * git-ignored folder, as a client of this API would generate them.
 */
const config: CodegenConfig = {
  schema: "src/**/*.graphql",
  documents: "src/**/*.graphql-contract.test.ts",
  generates: {
    "test/support/graphql-operations/": {
      preset: "client",
      presetConfig: { fragmentMasking: false },
      config: {
        // Every scalar typed (Time is an ISO string in JSON); imports as the project writes them.
        strictScalars: true,
        scalars: { Time: "string" },
        useTypeImports: true,
        enumsAsTypes: true,
        importExtension: ".ts",
      },
    },
  },
};

export default config;
