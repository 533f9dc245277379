/**
 * The page's request to keep what this device needs offline beyond the precache
 * (src/pwa/offlineStart.ts posts it, workers/sw.ts answers it), and which of its addresses the
 * worker accepts: the build's files and the colleges' images of its own origin, a bounded
 * number of them. Shared by both sides, and readable by a unit test without a service worker.
 */

export const offlineStartMessage = 'OFFLINE_START_WARM';

/** At most this many addresses in one request (a first start loads about a hundred files). */
export const maxWarmUrls = 400;

export interface OfflineStartRequest {
  type: typeof offlineStartMessage;
  urls: string[];
}

export function offlineStartRequest(data: unknown): OfflineStartRequest | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, urls } = data as { type?: unknown; urls?: unknown };
  if (type !== offlineStartMessage || !Array.isArray(urls)) return null;
  return { type, urls: urls.filter((url): url is string => typeof url === 'string') };
}

/** The distinct addresses of `urls` the worker keeps: same origin, under /assets/ or /colleges/, no query. */
export function warmable(urls: readonly string[], origin: string): URL[] {
  const kept = new Map<string, URL>();
  for (const text of urls) {
    let url: URL;
    try {
      url = new URL(text, origin);
    } catch {
      continue;
    }
    if (url.origin !== origin || url.search !== '' || !/^\/(assets|colleges)\//.test(url.pathname)) continue;
    url.hash = '';
    kept.set(url.href, url);
    if (kept.size >= maxWarmUrls) break;
  }
  return [...kept.values()];
}
