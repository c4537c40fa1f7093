/** A pino destination stream; pino's `logger.flush(callback)` calls `flush`. */
export interface LogDestination {
  write(line: string): void;
  flush(callback: (error?: Error) => void): void;
  flushSync(): void;
}

/**
 * Gathers the lines logged during one turn of the event loop and hands them to `sink` as one chunk (on the next
 * turn, or at once on `flushSync`). Under load one write then carries many requests' lines, where writing each line
 * on its own costs more than the rest of a `/health` request.
 */
export function batchedDestination(sink: (chunk: string) => void): LogDestination {
  let pending = "";
  let scheduled = false;
  const flushSync = () => {
    scheduled = false;
    if (pending === "") return;
    const chunk = pending;
    pending = "";
    sink(chunk);
  };
  return {
    write(line) {
      pending += line;
      if (!scheduled) {
        scheduled = true;
        setImmediate(flushSync);
      }
    },
    flush(callback) {
      try {
        flushSync();
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    flushSync,
  };
}
