/**
 * localStorage that never throws: private modes and full quotas make it fail, and a failed
 * preference write must not break a screen.
 */
export function readLocal(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Preferences are best effort.
  }
}

export function removeLocal(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}

/** Reads a JSON value; anything unparsable counts as absent. */
export function readLocalJson(key: string): unknown {
  const raw = readLocal(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}
