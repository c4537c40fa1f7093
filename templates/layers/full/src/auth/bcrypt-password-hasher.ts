import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { ServiceBusyError } from "../platform/service-busy.ts";
import type { BcryptJob, BcryptResult, BcryptTask } from "./bcrypt-worker.ts";
import type { PasswordHasher } from "./password-hasher.port.ts";

export interface BcryptPoolOptions {
  rounds: number;
  /** Worker threads hashing at once. */
  workers: number;
  /** Jobs waiting for a worker at most; one more is refused with a ServiceBusyError (503 SERVICE_BUSY). */
  queueMax: number;
}

/** Threads that leave one core to the event loop (which parses, queries and answers), and at least one. */
export const defaultHashingWorkers = () => Math.max(1, availableParallelism() - 1);

interface Pending {
  resolve(value: string | boolean): void;
  reject(error: Error): void;
}

/**
 * bcrypt on worker threads (node:worker_threads, the same on Node.js, Bun and Deno): a hash is deliberately slow CPU
 * work, which on the event loop would hold up every other request of the instance. bcryptjs is pure JavaScript, so the
 * hashes are the usual `$2b$` ones, existing hashes keep verifying, and no native module is needed. Workers start on
 * first use and never keep the process alive; jobs beyond the queue's bound are refused rather than queued without
 * limit.
 */
export class BcryptPasswordHasher implements PasswordHasher {
  readonly #options: BcryptPoolOptions;
  readonly #idle: Worker[] = [];
  /** The job each working worker holds. */
  readonly #working = new Map<Worker, number>();
  readonly #waiting: BcryptJob[] = [];
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;

  constructor(options: BcryptPoolOptions) {
    this.#options = options;
  }

  hash(password: string): Promise<string> {
    return this.#run({ op: "hash", password, rounds: this.#options.rounds }) as Promise<string>;
  }

  verify(password: string, passwordHash: string): Promise<boolean> {
    return this.#run({ op: "verify", password, hash: passwordHash }) as Promise<boolean>;
  }

  #run(task: BcryptTask): Promise<string | boolean> {
    const worker = this.#idle.pop() ?? this.#spawn();
    if (!worker && this.#waiting.length >= this.#options.queueMax) {
      // The queue drains by one job per worker at bcrypt's pace: a second is a fair time to come back.
      return Promise.reject(new ServiceBusyError("the password-hashing queue is full", 1));
    }
    const job = { ...task, id: this.#nextId++ };
    const result = new Promise<string | boolean>((resolve, reject) => this.#pending.set(job.id, { resolve, reject }));
    if (worker) this.#give(worker, job);
    else this.#waiting.push(job);
    return result;
  }

  #give(worker: Worker, job: BcryptJob): void {
    this.#working.set(worker, job.id);
    worker.postMessage(job);
  }

  #spawn(): Worker | undefined {
    if (this.#working.size + this.#idle.length >= this.#options.workers) return undefined;
    const worker = new Worker(new URL("./bcrypt-worker.ts", import.meta.url));
    worker.on("message", (result: BcryptResult) => {
      const pending = this.#pending.get(result.id);
      this.#pending.delete(result.id);
      if ("error" in result) pending?.reject(new Error(result.error));
      else pending?.resolve(result.value);
      this.#working.delete(worker);
      const next = this.#waiting.shift();
      if (next) this.#give(worker, next);
      else this.#idle.push(worker);
    });
    worker.on("error", (error) => {
      // A worker that died takes its job with it; the next job starts a new worker in its place.
      const id = this.#working.get(worker);
      this.#working.delete(worker);
      if (id !== undefined) {
        this.#pending.get(id)?.reject(error);
        this.#pending.delete(id);
      }
      const next = this.#waiting.shift();
      const replacement = next && this.#spawn();
      if (next && replacement) this.#give(replacement, next);
    });
    // After the listeners: on Node.js, adding a message listener refs the worker's port again.
    worker.unref();
    return worker;
  }
}
