/**
 * Runs `task` once the page is idle (at the latest after `timeoutMs`), for work the first
 * screen does not need: on a slow phone every task done before the page settles is time the
 * screen does not answer a tap. Where requestIdleCallback is missing (Safari), a plain timer
 * of the same length. Returns the cancel.
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(task, Math.min(timeoutMs, 1500));
  return () => window.clearTimeout(timer);
}
