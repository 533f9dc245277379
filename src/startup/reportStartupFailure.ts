/**
 * Start-up parts (i18n, tenant, session, service worker) are each guarded: a failure is
 * logged with the part's name and the app still mounts (as the original app did: "a plugin failure is logged
 * and start-up continues").
 */
export function reportStartupFailure(part: string, error: unknown): void {
  console.error(`startup: ${part} failed`, error);
}

/** Runs one start-up part; a thrown error or rejected promise is reported, never rethrown. */
export async function guardStartup<T>(part: string, run: () => T | Promise<T>, fallback: T): Promise<T> {
  try {
    return await run();
  } catch (error) {
    reportStartupFailure(part, error);
    return fallback;
  }
}
