import { http } from "../../support/http.ts";
import { ContractClient, uniqueEmail } from "./contract-client.ts";

/** One answer: its status and how long it took. */
export interface Timed {
  status: number;
  ms: number;
}

export interface BurstResult {
  /** The sign-ups' answers (status 0: no answer within the client's time limit, or a network error). */
  signups: Timed[];
  /** From the first sign-up sent to the last answered. */
  wallMs: number;
  /** Readiness probes sent while the burst ran, one after another. */
  readiness: Timed[];
  /** `GET /api/v1/users/:id` of an existing user while the burst ran, one after another. */
  userReads: Timed[];
}

const CLIENT_TIMEOUT_MS = 60_000;

async function timed(send: () => Promise<{ status: number }>): Promise<Timed> {
  const started = performance.now();
  const status = await send().then(
    (answer) => answer.status,
    () => 0,
  );
  return { status, ms: performance.now() - started };
}

/**
 * A burst of `count` concurrent sign-ups (`POST /api/v1/auth/register`, each a new e-mail) on the service at `url`,
 * while a readiness probe (every 100 ms) and a reader of one user (every 20 ms) ask again after each answer.
 * The service must allow `count` + 1 sign-ups from one address (AUTH_RATE_LIMIT_PER_ADDRESS).
 */
export async function signUpBurst(url: string, count: number): Promise<BurstResult> {
  const client = new ContractClient(url);
  const reader = await client.newSession("burst-reader");
  let running = true;
  // Paced, as probes and a reading client are: asking again at once would make the load the burst is measured under.
  const loop = async (send: () => Promise<{ status: number }>, samples: Timed[], pauseMs: number) => {
    while (running) {
      samples.push(await timed(send));
      await new Promise((resume) => setTimeout(resume, pauseMs));
    }
  };
  const readiness: Timed[] = [];
  const userReads: Timed[] = [];
  const probes = Promise.all([
    loop(() => http(url, "GET", "/health/readiness", { timeoutMs: CLIENT_TIMEOUT_MS }), readiness, 100),
    loop(
      () => http(url, "GET", `/api/v1/users/${reader.id}`, { token: reader.access, timeoutMs: CLIENT_TIMEOUT_MS }),
      userReads,
      20,
    ),
  ]);
  const started = performance.now();
  const signups = await Promise.all(
    Array.from({ length: count }, () =>
      timed(() =>
        http(url, "POST", "/api/v1/auth/register", {
          body: { email: uniqueEmail("burst"), password: "correct horse battery" },
          timeoutMs: CLIENT_TIMEOUT_MS,
        }),
      ),
    ),
  );
  const wallMs = performance.now() - started;
  running = false;
  await probes;
  return { signups, wallMs, readiness, userReads };
}

/** The `p`-th percentile (0-100) of `values`, nearest rank; NaN for none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

/** What a burst's figures are, on one line. */
export function burstSummary({ signups, wallMs, readiness, userReads }: BurstResult): string {
  const errors = signups.filter((s) => s.status >= 500 || s.status === 0).length;
  const notReady = readiness.filter((r) => r.status !== 200).length;
  const ms = (t: Timed) => t.ms;
  return [
    `${signups.length} sign-ups: ${errors} 5xx or unanswered, ${(signups.length / (wallMs / 1_000)).toFixed(1)} sign-ups/s`,
    `readiness ${readiness.length} probes, ${notReady} not 200, p99 ${Math.round(percentile(readiness.map(ms), 99))} ms`,
    `users/:id p99 ${Math.round(percentile(userReads.map(ms), 99))} ms (${userReads.length} reads)`,
  ].join("; ");
}
