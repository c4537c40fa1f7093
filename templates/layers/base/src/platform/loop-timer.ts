/**
 * Runs `onTimeout` `ms` after now, but only once the event loop has also read what arrived meanwhile: a timer that
 * fires late because the loop was busy must not beat the answer that came in before it. Returns the cancel function.
 */
export function afterLoopCatchesUp(ms: number, onTimeout: () => void): () => void {
  let immediate: ReturnType<typeof setImmediate> | undefined;
  const timer = setTimeout(() => {
    immediate = setImmediate(onTimeout);
  }, ms);
  return () => {
    clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
  };
}
