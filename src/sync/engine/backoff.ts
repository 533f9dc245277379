/**
 * Exponential backoff with "equal jitter": half the delay fixed, half random, so devices
 * that lost the network together do not come back in one wave.
 */
export function backoffDelay(attempt: number, { base, max }: { base: number; max: number }, random: () => number = Math.random): number {
  const ceiling = Math.min(max, base * 2 ** Math.min(attempt, 20));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Waits `ms`, or less when `signal` aborts (then resolves all the same). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}
