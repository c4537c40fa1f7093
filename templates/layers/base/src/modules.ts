__MODULE_IMPORTS__
/**
 * The modules of this service, in start-up order: each wires one resource or one shared concern
 * (`src/<folder>/<name>.module.ts`).
 * `scaffold new` lists the template's modules here; `scaffold add-model` adds to the list.
 */
export const modules = [__MODULE_LIST__] as const;

// A module needing what no module provides fails here, naming the keys, rather than at run time.
modules satisfies Wired<typeof modules>;
