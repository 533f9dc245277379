import type { SsoExchangeResponse } from '../../../contract/sso';
import { requestJson } from '../../api/client';
import { readLocalJson, writeLocal } from '../../storage/localValue';

/** The provider the sign-in page offers (`GET /api/v1/sso/provider`), or null. */
export interface SsoProvider {
  displayName: string;
}

/**
 * Read without zod: the sign-in screen asks before its first submit, and its first paint
 * must not wait for the contract (docs/features/app-shell.md).
 */
export function parseSsoProvider(data: unknown): SsoProvider | null {
  const { provider } = (data ?? {}) as { provider?: { displayName?: unknown } | null };
  if (provider === null) return null;
  if (typeof provider?.displayName !== 'string') throw new TypeError('expected { provider: { displayName } | null }');
  return { displayName: provider.displayName };
}

export function fetchSsoProvider(signal?: AbortSignal): Promise<SsoProvider | null> {
  return requestJson('get', 'api/v1/sso/provider', parseSsoProvider, undefined, signal);
}

/**
 * The last answer for a college, kept on the device: an offline sign-in page still says that
 * the school signs in with its provider, and that this needs a connection.
 */
const cacheKey = (college: string) => `sso-provider:${college}`;

export function readCachedProvider(college: string): SsoProvider | null {
  try {
    return parseSsoProvider(readLocalJson(cacheKey(college)));
  } catch {
    return null;
  }
}

export function cacheProvider(college: string, provider: SsoProvider | null): void {
  writeLocal(cacheKey(college), JSON.stringify({ provider }));
}

/** Where "Sign in with …" goes: the server's start of the flow, which sends the browser to the provider. */
export function ssoStartPath(returnTo: string): string {
  return `/api/v1/sso/start?${new URLSearchParams({ return_to: returnTo }).toString()}`;
}

/** Trades the one-time secret of `/auth/sso#exchange=…` for a session and where the person was going. */
export function exchangeSsoSecret(exchange: string): Promise<SsoExchangeResponse> {
  return requestJson('post', 'api/v1/sso/exchange', async (data) => (await import('../../../contract/sso')).ssoExchangeResponse.parse(data), {
    json: { exchange },
  });
}
