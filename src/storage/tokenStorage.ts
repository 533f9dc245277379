import { readLocal, removeLocal, writeLocal } from './localValue';

/**
 * The token lives in the cookie `token` (path /) and under the local-storage key `token`,
 * as in the original app. Local storage is the source of truth; the cookie is kept for the
 * server's benefit (and for clients of the original API that read it).
 */
const key = 'token';
const cookieMaxAgeSeconds = 60 * 60 * 24 * 365;

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [rawName, ...rest] = part.trim().split('=');
    if (rawName === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function writeCookie(value: string, maxAge: number): void {
  if (typeof document === 'undefined') return;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a cookie attribute, not UI text
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a cookie, not UI text
  document.cookie = `${key}=${encodeURIComponent(value)}; path=/; max-age=${maxAge}; SameSite=Lax${secure}`;
}

export function readToken(): string | null {
  const token = readLocal(key) ?? readCookie(key);
  return token && token.trim() !== '' ? token : null;
}

export function writeToken(token: string): void {
  writeLocal(key, token);
  writeCookie(token, cookieMaxAgeSeconds);
}

export function clearToken(): void {
  removeLocal(key);
  writeCookie('', 0);
}
