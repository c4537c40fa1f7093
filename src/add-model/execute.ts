import { applyPlan, interrupted } from "./apply.ts";
import { formatWithBiome } from "./format.ts";
import { generateMigration, type MigrationResult } from "./migration.ts";
import { settleMigrationMetadata } from "./migration-metadata.ts";
import type { AddModelPlan } from "./plan.ts";

export interface Executed {
  /** undefined when the run changes no table. */
  migration: MigrationResult | undefined;
  /** Biome's complaints about the written files (empty when none, or when Biome is not installed). */
  complaints: string;
}

/**
 * Carries out a plan, all or nothing: writes its files, formats them with the project's Biome, and makes the
 * migration with the project's drizzle-kit (its ids and time settled from the run's record). Any failure, or `signal`
 * (Ctrl-C), restores the project as it was.
 */
export async function executePlan(root: string, plan: AddModelPlan, signal: AbortSignal): Promise<Executed> {
  const transaction = await applyPlan(root, plan, signal);
  const written = [...plan.create, ...plan.change].map((file) => file.path).filter((path) => /\.(ts|md)$/.test(path));
  const complaints = await transaction.run(() => formatWithBiome(root, written, signal));
  const migration = plan.migration ? await generateMigration(root, plan.migration, transaction, signal) : undefined;
  if (migration?.ran) await transaction.run(() => settleMigrationMetadata(root, migration.files, plan.run.at));
  if (signal.aborted) {
    await transaction.rollback();
    throw interrupted();
  }
  return { migration, complaints };
}
