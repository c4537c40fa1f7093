import { ScaffoldError } from "../generate/errors.ts";

/**
 * Runs a command's writes into an existing project: Ctrl-C or SIGTERM aborts them (the writer puts every file back),
 * and a failure that is not already one of ours says the project was restored, naming what failed.
 */
export async function writeOrRestore<T>(what: string, write: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.on("SIGINT", onInterrupt);
  process.on("SIGTERM", onInterrupt);
  try {
    return await write(controller.signal);
  } catch (error) {
    if (error instanceof ScaffoldError) throw error;
    throw new ScaffoldError(
      `${what} failed and the project was restored as it was: ${error instanceof Error ? error.message : error}`,
    );
  } finally {
    process.off("SIGINT", onInterrupt);
    process.off("SIGTERM", onInterrupt);
  }
}
