import type { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { z } from "zod";
import { type BaseConfig, baseConfigShape, type ConfigRule, parseConfig } from "./config.ts";
import type { AppDatabase } from "./database/dialect.ts";
import type { AppEnv } from "./http/app-env.ts";
import type { Logger } from "./logger.ts";

/** Where a router is mounted. */
export interface RouteEntry {
  path: string;
  router: OpenAPIHono<AppEnv>;
}

/** An OpenAPI security scheme its routes name in `security` (e.g. `{ type: "http", scheme: "bearer" }`). */
export type SecurityScheme =
  | { type: "http"; scheme: string; bearerFormat?: string }
  | { type: "apiKey"; in: string; name: string };

/**
 * One resource, or a few that share state: the settings it reads, its adapters, its services, its routes. The
 * entry point builds every module of `modules` (src/modules.ts) once, in order; adding a resource is adding a
 * module file.
 */
export interface AppModule<
  Shape extends z.ZodRawShape = z.ZodRawShape,
  Adapters extends object = object,
  Provides extends object = object,
  Needs = never,
> {
  /** Environment variables it reads, validated with every other module's at start-up (the error names them all). */
  config?: { shape: Shape; rules?: ConfigRule<BaseConfig & z.infer<z.ZodObject<Shape>>>[] };
  /** Its outbound adapters (repositories over the database, hashers…): built once; tests pass in-memory ones. */
  adapters?: (context: { db: AppDatabase; config: BaseConfig & z.infer<z.ZodObject<Shape>> }) => Adapters;
  /** Its services (and middleware other modules may use), which join the container. */
  provide: (context: {
    config: BaseConfig & z.infer<z.ZodObject<Shape>>;
    adapters: Adapters;
    logger: Logger;
  }) => Provides;
  /** Its routers, built from the container (which holds what every module provides). */
  routes?: (container: Needs) => RouteEntry[];
  /**
   * Middleware in front of every route, the request logger and the health probes included (tracing, metrics), in
   * module order.
   */
  middleware?: (container: Needs) => MiddlewareHandler[];
  securitySchemes?: Record<string, SecurityScheme>;
  /** Its routes' OpenAPI tags with their descriptions (the document's `tags` list). */
  tags?: Array<{ name: string; description: string }>;
  /**
   * Attaches to the whole app once every module's routes are in, before the 404 handler: what describes the app
   * (the OpenAPI document and its page, which a template without REST routes does not carry).
   */
  mount?: (app: OpenAPIHono<AppEnv>, modules: readonly AnyModule[]) => void;
  /** Fields for every log line while it applies (pino's `mixin`): e.g. the active span's trace id. */
  logFields?: () => object;
  /** Runs before the service opens its database (e.g. starting a tracer). */
  start?: (context: { config: BaseConfig & z.infer<z.ZodObject<Shape>>; logger: Logger }) => Promise<void> | void;
  /** Runs at shutdown, once the server takes no more requests and before the database closes (e.g. flushing). */
  stop?: () => Promise<void>;
}

/** Declares a module; only here so TypeScript infers its types. */
export const defineModule = <Shape extends z.ZodRawShape, Adapters extends object, Provides extends object, Needs>(
  module: AppModule<Shape, Adapters, Provides, Needs>,
) => module;

// biome-ignore lint/suspicious/noExplicitAny: any module, whatever its types
export type AnyModule = AppModule<any, any, any, any>;

type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** The container: everything the listed modules provide, merged. */
export type ContainerOf<Modules extends readonly AnyModule[]> = Intersection<ReturnType<Modules[number]["provide"]>>;

/** The keys `Needs` asks for that `Container` lacks (unless they may be undefined) or holds with another type. */
type Unmet<Needs, Container> = keyof {
  [Key in keyof Needs as Key extends keyof Container
    ? Container[Key] extends Needs[Key]
      ? never
      : Key
    : undefined extends Needs[Key]
      ? never
      : Key]: unknown;
};

/** What a module's routes take from the container (its middleware takes the same). */
type NeedsOf<Module extends AnyModule> = Parameters<NonNullable<Module["routes"]>>[0];

/**
 * The list as its wiring requires: each module whose routes or middleware need what no module provides stands as a
 * message naming the keys. `modules satisfies Wired<typeof modules>` makes that a tsc error instead of an undefined
 * service at run time.
 */
export type Wired<Modules extends readonly AnyModule[]> = {
  [Index in keyof Modules]: [Unmet<NeedsOf<Modules[Index]>, ContainerOf<Modules>>] extends [never]
    ? Modules[Index]
    : `needs ${Unmet<NeedsOf<Modules[Index]>, ContainerOf<Modules>> & string}, which no module provides (with that type)`;
};

/** The adapters of the listed modules, merged (what a test passes instead). */
export type AdaptersOf<Modules extends readonly AnyModule[]> = Intersection<
  ReturnType<NonNullable<Modules[number]["adapters"]>>
>;

/** The settings of one module's fragment. */
// biome-ignore lint/suspicious/noExplicitAny: any module, whatever its other types
type FragmentOf<M> = M extends AppModule<infer Shape, any, any, any> ? z.infer<z.ZodObject<Shape>> : never;

/** The settings of the listed modules' fragments, merged with the base settings. */
export type ConfigOf<Modules extends readonly AnyModule[]> = BaseConfig & Intersection<FragmentOf<Modules[number]>>;

/** What the modules are built from: the database, or (tests) every adapter ready-made. */
export type ContainerContext<Modules extends readonly AnyModule[]> = { config: ConfigOf<Modules>; logger: Logger } & (
  | { db: AppDatabase }
  | { adapters: AdaptersOf<Modules> }
);

/** Builds every module once, in order: all adapters first, then the services. */
export function createContainer<Modules extends readonly AnyModule[]>(
  modules: Modules,
  context: ContainerContext<Modules>,
): ContainerOf<Modules> {
  const { config, logger } = context;
  const adapters =
    "adapters" in context
      ? context.adapters
      : Object.assign({}, ...modules.map((module) => module.adapters?.({ db: context.db, config }) ?? {}));
  return Object.assign({}, ...modules.map((module) => module.provide({ config, adapters, logger })));
}

/** The base settings and every module's, from the environment; the error names every bad variable. */
export function loadConfig<Modules extends readonly AnyModule[]>(
  modules: Modules,
  env: Record<string, string | undefined>,
): ConfigOf<Modules> {
  const shape = Object.assign({}, baseConfigShape, ...modules.map((module) => module.config?.shape ?? {}));
  // Each rule reads settings of its own fragment, which the merged configuration holds.
  const rules = modules.flatMap((module) => module.config?.rules ?? []) as ConfigRule<Record<string, unknown>>[];
  return parseConfig(shape, env, rules) as ConfigOf<Modules>;
}

/** Every module's middleware, in module order. */
export function moduleMiddleware<Modules extends readonly AnyModule[]>(
  modules: Modules,
  container: ContainerOf<Modules>,
): MiddlewareHandler[] {
  return modules.flatMap((module) => module.middleware?.(container) ?? []);
}

/** Every module's `logFields` as one pino `mixin`; undefined when no module adds any. */
export function logMixin(modules: readonly AnyModule[]): (() => object) | undefined {
  const sources = modules.flatMap((module) => (module.logFields ? [module.logFields] : []));
  if (sources.length === 0) return undefined;
  return () => Object.assign({}, ...sources.map((fields) => fields()));
}

/** Runs every module's `start`, in module order. */
export async function startModules<Modules extends readonly AnyModule[]>(
  modules: Modules,
  context: { config: ConfigOf<Modules>; logger: Logger },
): Promise<void> {
  for (const module of modules) await module.start?.(context);
}

/** Every module's `stop`, in reverse module order (what started last stops first): shutdown steps. */
export const moduleStops = (modules: readonly AnyModule[]): Array<() => Promise<void>> =>
  modules.flatMap((module) => (module.stop ? [module.stop] : [])).reverse();

/** Runs every module's `mount` on the app, in module order (after every module's routes). */
export function mountModules(app: OpenAPIHono<AppEnv>, modules: readonly AnyModule[]): void {
  for (const module of modules) module.mount?.(app, modules);
}

/** Every module's routers, in module order. */
export function moduleRoutes<Modules extends readonly AnyModule[]>(
  modules: Modules,
  container: ContainerOf<Modules>,
): RouteEntry[] {
  return modules.flatMap((module) => module.routes?.(container) ?? []);
}
