import { rmSync } from "node:fs";

/**
 * Runs `work` with `dir` removed on failure or on SIGINT/SIGTERM (the signal is then re-raised, so the process ends
 * as the signal intends): a half-written directory never outlives the command.
 */
export async function withTemporaryDir<T>(dir: string, work: () => Promise<T>): Promise<T> {
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const onSignal = (signal: NodeJS.Signals) => {
    remove();
    process.removeListener(signal, onSignal);
    process.kill(process.pid, signal);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    return await work();
  } catch (error) {
    remove();
    throw error;
  } finally {
    process.removeListener("SIGINT", onSignal);
    process.removeListener("SIGTERM", onSignal);
  }
}
