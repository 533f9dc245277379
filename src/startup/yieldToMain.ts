/**
 * Lets the browser run what is waiting (input, paint, other tasks) before going on. Start-up
 * is a chain of steps that each resolve at once when everything is cached; without a break
 * they ran as one long task of several hundred milliseconds on a slow phone, during which a
 * tap went unanswered. `scheduler.yield()` resumes ahead of other queued work where it
 * exists (Chromium); elsewhere a zero timeout.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
