/** The attempts counted so far in a key's current window, and when that window ends. */
export interface AttemptWindow {
  attempts: number;
  endsAt: Date;
}

/** Counts attempts per key in fixed windows; the database holds the counts, so every instance shares them. */
export interface AttemptCounter {
  /** Counts one attempt of `key`; a key whose window has ended (or that has none) starts one of `windowMs`. */
  hit(key: string, windowMs: number, now: Date): Promise<AttemptWindow>;
  /** Forgets the windows that ended before `now`. */
  deleteEnded(now: Date): Promise<void>;
}
