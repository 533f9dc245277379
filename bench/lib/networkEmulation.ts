/**
 * Chromium's network emulation (DevTools protocol) for one page and every worker it starts,
 * and a record of every response's bytes on the wire.
 *
 * CDP emulation is per target. Measured on Chromium 156 (bench/RESULTS.md, "Weak network"):
 * the page's `Network.emulateNetworkConditions` also throttles its dedicated workers' fetches
 * (a worker target answers "Not supported" to it), but not the service worker's, which needs
 * its own. So the page's session auto-attaches (`Target.setAutoAttach`, waiting for the
 * debugger on start) to its workers and service worker and, before letting each run, enables
 * Network on it (to count its fetches, which the page's session does not see) and emulates
 * the same conditions on it. Playwright's CDP sessions only reach one target, so the child
 * sessions are spoken to through `Target.sendMessageToTarget` (the non-flattened protocol).
 *
 * Emulation is per target, so the service worker's own fetches (the precache) get a link of
 * their own, as fast as the page's: while both download, the device has up to twice the
 * profile's bandwidth. The bench prints the service worker's bytes apart.
 */
import type { BrowserContext, CDPSession, Page } from '@playwright/test';

export interface NetworkProfile {
  name: string;
  /** Download and upload in bits per second, latency in ms; null: no emulation (loopback). */
  conditions: { downKbps: number; upKbps: number; latencyMs: number } | null;
}

/** The networks the benchmarks emulate, by the key `BENCH_PROFILES` names them with. */
export const networkProfiles: readonly (NetworkProfile & { key: string })[] = [
  { key: 'loopback', name: 'loopback', conditions: null },
  { key: 'campus', name: 'campus Wi-Fi', conditions: { downKbps: 4000, upKbps: 1000, latencyMs: 150 } },
  { key: 'weak', name: 'weak', conditions: { downKbps: 1000, upKbps: 256, latencyMs: 400 } },
];

/** The profiles `BENCH_PROFILES` (comma-separated keys) chooses, else `fallback`'s. */
export function chosenProfiles(fallback: readonly string[]): (NetworkProfile & { key: string })[] {
  const chosen = process.env.BENCH_PROFILES?.split(',').map((key) => key.trim()) ?? fallback;
  return networkProfiles.filter((profile) => chosen.includes(profile.key));
}

export type Source = 'page' | 'worker' | 'service worker';

export interface Transfer {
  source: Source;
  url: string;
  /** Monotonic seconds (CDP timestamps) of the request, its response headers and its end. */
  sentAt: number;
  headersAt: number | null;
  endAt: number | null;
  /** Bytes on the wire (headers and encoded body); for an unfinished request, what arrived. */
  bytes: number;
  failed: boolean;
  /** Answered by the service worker (its own fetch, if any, is counted on its side). */
  fromServiceWorker: boolean;
  /** Answered from the HTTP cache (no emulated latency or bandwidth). */
  fromCache: boolean;
}

interface NetworkEvent {
  requestId: string;
  timestamp: number;
  request?: { url: string };
  response?: {
    url: string;
    fromServiceWorker?: boolean;
    fromDiskCache?: boolean;
    fromPrefetchCache?: boolean;
    timing?: { requestTime: number; receiveHeadersEnd: number };
  };
  encodedDataLength?: number;
}

function cdpConditions(profile: NetworkProfile) {
  const c = profile.conditions;
  // Bits per second → bytes per second; -1 is "not throttled".
  return c
    ? { offline: false, latency: c.latencyMs, downloadThroughput: (c.downKbps * 1000) / 8, uploadThroughput: (c.upKbps * 1000) / 8 }
    : { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
}

/** Records one target's Network events into `transfers`. */
function recorder(source: Source, transfers: Transfer[]): (method: string, params: NetworkEvent) => void {
  const byId = new Map<string, Transfer>();
  return (method, params) => {
    if (method === 'Network.requestWillBeSent' && params.request) {
      const previous = byId.get(params.requestId);
      // A redirect reuses the id: the earlier hop is done.
      if (previous && previous.endAt === null) previous.endAt = params.timestamp;
      const transfer: Transfer = {
        source,
        url: params.request.url,
        sentAt: params.timestamp,
        headersAt: null,
        endAt: null,
        bytes: 0,
        failed: false,
        fromServiceWorker: false,
        fromCache: false,
      };
      byId.set(params.requestId, transfer);
      transfers.push(transfer);
      return;
    }
    const transfer = byId.get(params.requestId);
    if (!transfer) return;
    if (method === 'Network.responseReceived') {
      // The network's own time of the headers: the event's timestamp is when the page got
      // round to them, which for a busy page can be after the body had arrived.
      const timing = params.response?.timing;
      transfer.headersAt = timing ? timing.requestTime + timing.receiveHeadersEnd / 1000 : params.timestamp;
      transfer.fromServiceWorker = params.response?.fromServiceWorker === true;
      transfer.fromCache ||= params.response?.fromDiskCache === true || params.response?.fromPrefetchCache === true;
    } else if (method === 'Network.requestServedFromCache') {
      transfer.fromCache = true;
    } else if (method === 'Network.dataReceived') {
      transfer.bytes += params.encodedDataLength ?? 0;
    } else if (method === 'Network.loadingFinished') {
      transfer.endAt = params.timestamp;
      transfer.bytes = params.encodedDataLength ?? transfer.bytes;
    } else if (method === 'Network.loadingFailed') {
      transfer.endAt = params.timestamp;
      transfer.failed = true;
    }
  };
}

export interface EmulatedPage {
  page: Page;
  /** The page's own session (also usable for Runtime.evaluate, which the page's CSP does not govern). */
  cdp: CDPSession;
  transfers: Transfer[];
  /** Targets attached besides the page, e.g. "worker (emulation: page's)", "service worker (emulated)". */
  attached: string[];
}

/** A new page of `context` with `profile` applied to it and to every worker it starts. */
export async function emulatedPage(context: BrowserContext, profile: NetworkProfile): Promise<EmulatedPage> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const transfers: Transfer[] = [];
  const attached: string[] = [];
  const conditions = cdpConditions(profile);

  const pageRecord = recorder('page', transfers);
  for (const method of [
    'Network.requestWillBeSent',
    'Network.requestServedFromCache',
    'Network.responseReceived',
    'Network.dataReceived',
    'Network.loadingFinished',
    'Network.loadingFailed',
  ] as const) {
    cdp.on(method, (params) => pageRecord(method, params as unknown as NetworkEvent));
  }
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', conditions);

  // Child targets, spoken to through the page's session.
  let lastId = 0;
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  const children = new Map<string, (method: string, params: NetworkEvent) => void>();
  const sendTo = (sessionId: string, method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++lastId;
      pending.set(id, { resolve, reject });
      cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch((error: Error) => {
        pending.delete(id);
        reject(error);
      });
    });
  cdp.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    const parsed = JSON.parse(message) as { id?: number; method?: string; params?: NetworkEvent; error?: { message: string } };
    if (parsed.id !== undefined) {
      const waiting = pending.get(parsed.id);
      pending.delete(parsed.id);
      if (parsed.error) waiting?.reject(new Error(parsed.error.message));
      else waiting?.resolve(undefined);
    } else if (parsed.method && parsed.params) children.get(sessionId)?.(parsed.method, parsed.params);
  });
  cdp.on('Target.attachedToTarget', ({ sessionId, targetInfo }) => {
    const source: Source = targetInfo.type === 'service_worker' ? 'service worker' : 'worker';
    children.set(sessionId, recorder(source, transfers));
    void (async () => {
      let emulation = 'none (loopback)';
      try {
        await sendTo(sessionId, 'Network.enable');
        if (profile.conditions) {
          try {
            await sendTo(sessionId, 'Network.emulateNetworkConditions', conditions);
            emulation = 'its own';
          } catch (error) {
            // Dedicated workers refuse it; the page's emulation covers their fetches (checked by the bench's rates).
            emulation = `the page's (${(error as Error).message})`;
          }
        }
      } finally {
        attached.push(`${targetInfo.type} ${new URL(targetInfo.url).pathname} (emulation: ${emulation})`);
        await sendTo(sessionId, 'Runtime.runIfWaitingForDebugger').catch(() => undefined);
      }
    })();
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
  return { page, cdp, transfers, attached };
}

export type Kind = 'shell' | 'precache' | 'api' | 'sync';

/** App shell (the page's loads), the service worker's precache, the sign-in and other API calls, the sync API. */
export function kindOf(transfer: Transfer): Kind {
  const path = new URL(transfer.url).pathname;
  if (path.startsWith('/api/v1/sync/')) return 'sync';
  if (path.startsWith('/api/')) return 'api';
  return transfer.source === 'service worker' ? 'precache' : 'shell';
}

/** Transfers that crossed the (emulated) wire: not the ones the service worker answered, not data: URLs. */
export function onTheWire(transfers: readonly Transfer[]): Transfer[] {
  return transfers.filter((t) => !t.fromServiceWorker && /^https?:/.test(t.url));
}

/**
 * Download rate of the responses of at least `minBytes`: their bytes over the union of
 * their header-to-end intervals, in bits per second (null when there are none). Emulation
 * shares one profile's bandwidth between a target's requests, so with emulation working
 * this cannot exceed the profile's download rate (by more than the headers' share).
 */
export function downloadRate(
  transfers: readonly Transfer[],
  minBytes = 20_000,
): { bitsPerSecond: number; bytes: number; seconds: number; count: number } | null {
  const large = transfers.filter((t) => t.bytes >= minBytes && t.headersAt !== null && t.endAt !== null && t.endAt >= t.headersAt && !t.failed && !t.fromCache);
  if (large.length === 0) return null;
  const intervals = large.map((t) => [t.headersAt!, t.endAt!] as const).sort((a, b) => a[0] - b[0]);
  let seconds = 0;
  let [start, end] = intervals[0]!;
  for (const [from, to] of intervals.slice(1)) {
    if (from > end) {
      seconds += end - start;
      [start, end] = [from, to];
    } else end = Math.max(end, to);
  }
  seconds += end - start;
  const bytes = large.reduce((sum, t) => sum + t.bytes, 0);
  return { bitsPerSecond: seconds > 0 ? (bytes * 8) / seconds : Infinity, bytes, seconds, count: large.length };
}

/** The shortest request → response headers time of these transfers (HTTP cache hits left out), ms; null when none. */
export function shortestFirstByte(transfers: readonly Transfer[]): number | null {
  const times = transfers.filter((t) => t.headersAt !== null && !t.fromCache).map((t) => (t.headersAt! - t.sentAt) * 1000);
  return times.length === 0 ? null : Math.min(...times);
}
