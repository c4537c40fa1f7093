import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import type { Transaction } from "./apply.ts";

/** How the migration is made: by drizzle-kit when the project has it installed, else the command to run. */
export type MigrationResult = { ran: true; files: string[] } | { ran: false; command: string };

export const migrationCommand = (name: string) => `npx drizzle-kit generate --name ${name}`;

export const drizzleKitPath = (root: string) => join(root, "node_modules", ".bin", "drizzle-kit");

const listDrizzle = async (root: string): Promise<string[]> => {
  const files: string[] = [];
  for (const dir of ["drizzle", "drizzle/meta"]) {
    const entries = await readdir(join(root, dir), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) if (entry.isFile()) files.push(`${dir}/${entry.name}`);
  }
  return files;
};

/**
 * Runs `drizzle-kit generate --name <name>` in the project, inside the transaction: the journal is kept first and
 * any file drizzle-kit adds is tracked, so a failure (or Ctrl-C) removes them with the rest.
 */
export async function generateMigration(
  root: string,
  name: string,
  transaction: Transaction,
  signal: AbortSignal,
): Promise<MigrationResult> {
  const bin = drizzleKitPath(root);
  if (!existsSync(bin)) return { ran: false, command: migrationCommand(name) };
  const before = await listDrizzle(root);
  for (const file of before) await transaction.track(file);
  return transaction.run(async () => {
    const output: string[] = [];
    const code = await new Promise<number>((resolve, reject) => {
      const child = spawn(bin, ["generate", "--name", name], { cwd: root, stdio: ["ignore", "pipe", "pipe"], signal });
      child.stdout.on("data", (chunk) => output.push(String(chunk)));
      child.stderr.on("data", (chunk) => output.push(String(chunk)));
      child.on("error", reject);
      child.on("close", (status) => resolve(status ?? 1));
    }).finally(async () => {
      // Whatever drizzle-kit wrote is part of the transaction, also when it failed half-way.
      for (const file of await listDrizzle(root)) if (!before.includes(file)) transaction.created(file);
    });
    const added = (await listDrizzle(root)).filter((file) => !before.includes(file));
    if (code !== 0 || !added.some((file) => file.endsWith(".sql"))) {
      const detail = output.join("").trim().split("\n").slice(-5).join(" ");
      throw new Error(`drizzle-kit generate failed (exit code ${code}): ${detail}`);
    }
    return { ran: true, files: added.sort() };
  });
}
