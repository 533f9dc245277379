import type { User } from '../../contract/auth';
import type { LoginAnswer } from '../../contract/secondFactor';
import { requestJson, requestVoid } from '../api/client';
import { parseCollegeName, parseLoginAnswer, parseUser } from '../api/schemas';

export function fetchCurrentUser(): Promise<User> {
  return requestJson('get', 'api/v1/user', parseUser);
}

export async function fetchSessionCollegeName(): Promise<string> {
  return (await requestJson('get', 'api/v1/session/college', parseCollegeName)).name;
}

export function revokeToken(): Promise<void> {
  return requestVoid('post', 'api/logout-mobile');
}

let csrfCookie: Promise<void> | null = null;

/**
 * Laravel Sanctum clients fetch the CSRF cookie before signing in (harmless with Bearer
 * tokens). The sign-in screen asks for it while the person types, so "Sign in" does not
 * wait a round trip for it (400 ms on a weak network); a sign-in fetches it if not.
 */
export function primeCsrfCookie(): Promise<void> {
  csrfCookie ??= requestVoid('get', 'sanctum/csrf-cookie').catch(() => {
    csrfCookie = null;
  });
  return csrfCookie;
}

/**
 * A right password answers a session, or, for a member with a second factor (or one the
 * college requires), the ticket of the second step (docs/features/second-factor.md).
 */
export async function login(credentials: { email: string } | { rut: string }, password: string): Promise<LoginAnswer> {
  await primeCsrfCookie();
  // The next sign-in (after a sign-out) asks again.
  csrfCookie = null;
  return requestJson('post', 'api/login-mobile', parseLoginAnswer, { json: { ...credentials, password } });
}

/** Reports an app start for the statistics ("income to the app"); failures are ignored. */
export async function reportAppOpen(): Promise<void> {
  await requestVoid('post', 'api/v1/entries', { json: { kind: 'app_open' } });
}
