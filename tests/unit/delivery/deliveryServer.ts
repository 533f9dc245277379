import { vi } from 'vitest';
import type { DeliveryPreferences } from '../../../contract/delivery';

/**
 * The network boundary, fetch, answering as the server's delivery routes do (written beside
 * these cards), and recording what was asked: `METHOD /path` and each PUT's body.
 */
export interface Asked {
  method: string;
  path: string;
  body: unknown;
}

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const preferencesOf = (overrides: Partial<DeliveryPreferences> = {}): DeliveryPreferences => ({
  posts: 'app',
  events: 'app',
  notifications: 'app',
  chosen: false,
  email: 'ana.perez@colinas.test',
  signed_in_ever: true,
  inactive: false,
  inactive_days: 7,
  language: 'es',
  bounce: null,
  unsubscribed: [],
  ...overrides,
});

/**
 * Answers `path`'s GET with `stored` and stores a PUT's body; `refuse` answers a PUT with a
 * 422 instead (the server's shape: `{ message, errors }`).
 */
export function fakeServer<T extends object>(path: string, stored: T, refuse?: { errors: Record<string, string[]> }) {
  let current = stored;
  const asked: Asked[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const url = new URL(request.url);
    const body: unknown = request.method === 'PUT' ? await request.json() : undefined;
    asked.push({ method: request.method, path: url.pathname, body });
    // Anything else (the college's record, refreshed when idle) finds no server: the app keeps what it has.
    if (url.pathname !== path) throw new TypeError('Failed to fetch');
    if (request.method === 'GET') return json(current);
    if (refuse) return json({ message: 'The given data was invalid.', errors: refuse.errors }, 422);
    current = { ...current, ...(body as Partial<T>), ...('chosen' in current ? { chosen: true } : {}) };
    return json(current);
  });
  return asked;
}

/** navigator.onLine as the test says, with the browser's event when it changes. */
export function network() {
  let online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  return {
    set(next: boolean) {
      online = next;
      window.dispatchEvent(new Event(next ? 'online' : 'offline'));
    },
  };
}
