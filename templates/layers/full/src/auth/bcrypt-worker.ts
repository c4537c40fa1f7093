import { parentPort } from "node:worker_threads";
import { compareSync, hashSync } from "bcryptjs";

/** One hashing job from BcryptPasswordHasher, run on this worker thread so the event loop stays free. */
export type BcryptTask =
  | { op: "hash"; password: string; rounds: number }
  | { op: "verify"; password: string; hash: string };
export type BcryptJob = BcryptTask & { id: number };

export type BcryptResult = { id: number; value: string | boolean } | { id: number; error: string };

parentPort?.on("message", (job: BcryptJob) => {
  try {
    const value = job.op === "hash" ? hashSync(job.password, job.rounds) : compareSync(job.password, job.hash);
    parentPort?.postMessage({ id: job.id, value } satisfies BcryptResult);
  } catch (error) {
    parentPort?.postMessage({ id: job.id, error: String(error) } satisfies BcryptResult);
  }
});
