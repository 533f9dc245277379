import type { LoginResponse, User } from '../../contract/auth';
import { requestJson, requestVoid } from '../api/client';
import { parseCollegeName, parseLoginResponse, parseUser } from '../api/schemas';

export function fetchCurrentUser(): Promise<User> {
  return requestJson('get', 'api/v1/user', parseUser);
}

export async function fetchSessionCollegeName(): Promise<string> {
  return (await requestJson('get', 'api/v1/session/college', parseCollegeName)).name;
}

export function revokeToken(): Promise<void> {
  return requestVoid('post', 'api/logout-mobile');
}

export async function login(credentials: { email: string } | { rut: string }, password: string): Promise<LoginResponse> {
  // Laravel Sanctum clients fetch the CSRF cookie first; harmless with Bearer tokens.
  await requestVoid('get', 'sanctum/csrf-cookie').catch(() => undefined);
  return requestJson('post', 'api/login-mobile', parseLoginResponse, { json: { ...credentials, password } });
}

/** Reports an app start for the statistics ("income to the app"); failures are ignored. */
export async function reportAppOpen(): Promise<void> {
  await requestVoid('post', 'api/v1/entries', { json: { kind: 'app_open' } });
}
