import type { User } from '../../contract/auth';
import { readLocalJson, removeLocal, writeLocal } from '../storage/localValue';

/** The signed-in user is cached so the app opens offline with the user's name and avatar. */
const key = 'user';

/**
 * The cache holds what the server sent, already parsed by the contract schema; this light
 * check only keeps out foreign or truncated values (the next re-check replaces it anyway).
 */
function looksLikeUser(value: unknown): value is User {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return ['id', 'college_id', 'role', 'name', 'email'].every((field) => typeof v[field] === 'string');
}

export function readCachedUser(): User | null {
  const value = readLocalJson(key);
  return looksLikeUser(value) ? value : null;
}

export function writeCachedUser(value: User): void {
  writeLocal(key, JSON.stringify(value));
}

export function clearCachedUser(): void {
  removeLocal(key);
}
