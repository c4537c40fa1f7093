import { applyPlan, interrupted } from "./apply.ts";
import { generateMigration, type MigrationResult } from "./migration.ts";
import { settleMigrationMetadata } from "./migration-metadata.ts";
import type { AddModelPlan } from "./plan.ts";

export interface Executed {
  /** undefined when the run changes no table. */
  migration: MigrationResult | undefined;
}

/**
 * Carries out a plan, all or nothing: writes its files (formatted by the plan) and makes the migration with the
 * project's drizzle-kit (its ids and time settled from the run's record). Any failure, or `signal` (Ctrl-C), restores
 * the project as it was.
 */
export async function executePlan(root: string, plan: AddModelPlan, signal: AbortSignal): Promise<Executed> {
  const transaction = await applyPlan(root, plan, signal);
  const migration = plan.migration ? await generateMigration(root, plan.migration, transaction, signal) : undefined;
  if (migration?.ran) await transaction.run(() => settleMigrationMetadata(root, migration.files, plan.run.at));
  if (signal.aborted) {
    await transaction.rollback();
    throw interrupted();
  }
  return { migration };
}
