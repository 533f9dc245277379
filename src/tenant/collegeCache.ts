import type { College } from '../../contract/college';

/** The college is cached per origin so an offline start shows the right branding at once. */
export const collegeStorageKey = 'college';

/**
 * The cache holds a record the contract schema already accepted; this light check keeps out
 * foreign or truncated values without loading zod before the first paint.
 */
export function looksLikeCollege(value: unknown): value is College {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const setting = v.setting as Record<string, unknown> | null | undefined;
  return (
    ['id', 'slug', 'name', 'short_name', 'language', 'logo', 'image'].every((field) => typeof v[field] === 'string') &&
    typeof setting?.theme_color === 'string' &&
    Array.isArray(v.places)
  );
}

export function readCachedCollege(storage: Pick<Storage, 'getItem'> = localStorage): College | null {
  try {
    const raw = storage.getItem(collegeStorageKey);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    return looksLikeCollege(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeCachedCollege(value: College, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(collegeStorageKey, JSON.stringify(value));
  } catch {
    // A full storage only costs the offline branding.
  }
}

export function clearCachedCollege(storage: Pick<Storage, 'removeItem'> = localStorage): void {
  try {
    storage.removeItem(collegeStorageKey);
  } catch {
    // Nothing cached.
  }
}
