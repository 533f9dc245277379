import type { SsoExchangeResponse } from '../../../contract/sso';
import { NetworkError } from '../../api/errors';
import { exchangeSsoSecret } from './ssoApi';

/** The one-time secret the server's redirect left in `/auth/sso#exchange=…`, or null. */
export function readExchangeSecret(hash: string): string | null {
  const secret = new URLSearchParams(hash.replace(/^#/, '')).get('exchange');
  return secret ? secret : null;
}

/**
 * Takes the secret out of the address bar before anything else happens: a secret left there
 * would be in the browser's history, a bookmark or a shared screen. The router's state stays.
 */
export function forgetFragment(): void {
  const { pathname, search, hash } = window.location;
  if (hash) window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}

const exchanges = new Map<string, Promise<SsoExchangeResponse>>();

/**
 * Trades a secret once, however often it is asked (a remounted screen asks again): the server
 * takes each secret once, so a second request would answer "already used". A network failure
 * may be tried again.
 */
export function exchangeOnce(secret: string): Promise<SsoExchangeResponse> {
  let exchange = exchanges.get(secret);
  if (!exchange) {
    exchange = exchangeSsoSecret(secret);
    exchanges.set(secret, exchange);
    exchange.catch((error: unknown) => {
      if (error instanceof NetworkError) exchanges.delete(secret);
    });
  }
  return exchange;
}
