import type { AppDatabase } from "../adapters/persistence/dialect.ts";
import type { AppConfig } from "../infrastructure/app-config.ts";
import type { Logger } from "../infrastructure/logger.ts";

/** What every module gets from the entry point. */
export interface ModuleContext {
  config: AppConfig;
  db: AppDatabase;
  logger: Logger;
}

/** A DI module wires one resource (repository -> service -> what its routes need) and returns those pieces. */
export type AppModule = (context: ModuleContext) => object;

type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** The container is everything the listed modules return, merged. */
export type ContainerOf<Modules extends readonly AppModule[]> = Intersection<ReturnType<Modules[number]>>;

export function createContainer<Modules extends readonly AppModule[]>(
  modules: Modules,
  context: ModuleContext,
): ContainerOf<Modules> {
  return Object.assign({}, ...modules.map((module) => module(context)));
}
