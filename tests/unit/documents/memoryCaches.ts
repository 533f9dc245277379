/**
 * Cache Storage for the unit tests (neither node nor happy-dom has it): an in-memory test
 * double that behaves like the browser's where the app relies on it. A put reads the whole
 * response first and stores nothing when its body fails or the room runs out (then it
 * throws a `QuotaExceededError` DOMException, as Chromium does); a partial (206) answer is
 * refused; a match answers a fresh copy; entries are keyed by URL.
 */
interface Entry {
  bytes: Uint8Array;
  headers: [string, string][];
  status: number;
}

const urlOf = (request: RequestInfo | URL): string =>
  typeof request === 'string' ? new URL(request).href : request instanceof URL ? request.href : request.url;

export class MemoryCache implements Cache {
  readonly entries = new Map<string, Entry>();

  constructor(private readonly storage: MemoryCacheStorage) {}

  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    if (response.status === 206) throw new TypeError('Partial response (status code 206) is unsupported');
    const url = urlOf(request);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const replaced = this.entries.get(url)?.bytes.byteLength ?? 0;
    if (this.storage.usage() - replaced + bytes.byteLength > this.storage.quota) throw new DOMException('Quota exceeded.', 'QuotaExceededError');
    this.entries.set(url, { bytes, headers: [...response.headers], status: response.status });
  }

  match(request: RequestInfo | URL): Promise<Response | undefined> {
    const entry = this.entries.get(urlOf(request));
    return Promise.resolve(entry ? new Response(entry.bytes.slice(), { status: entry.status, headers: entry.headers }) : undefined);
  }

  async matchAll(request?: RequestInfo | URL): Promise<readonly Response[]> {
    if (request) return [await this.match(request)].filter((response): response is Response => !!response);
    return Promise.all([...this.entries.keys()].map(async (url) => (await this.match(url))!));
  }

  delete(request: RequestInfo | URL): Promise<boolean> {
    return Promise.resolve(this.entries.delete(urlOf(request)));
  }

  keys(): Promise<readonly Request[]> {
    return Promise.resolve([...this.entries.keys()].map((url) => new Request(url)));
  }

  add(): Promise<void> {
    return Promise.reject(new Error('Cache.add: not used by the app'));
  }

  addAll(): Promise<void> {
    return Promise.reject(new Error('Cache.addAll: not used by the app'));
  }
}

export class MemoryCacheStorage implements CacheStorage {
  readonly caches = new Map<string, MemoryCache>();
  /** Bytes the origin may hold across its caches; a put past it throws QuotaExceededError. */
  quota = Number.POSITIVE_INFINITY;

  usage(): number {
    let bytes = 0;
    for (const cache of this.caches.values()) for (const entry of cache.entries.values()) bytes += entry.bytes.byteLength;
    return bytes;
  }

  open(name: string): Promise<Cache> {
    let cache = this.caches.get(name);
    if (!cache) this.caches.set(name, (cache = new MemoryCache(this)));
    return Promise.resolve(cache);
  }

  has(name: string): Promise<boolean> {
    return Promise.resolve(this.caches.has(name));
  }

  delete(name: string): Promise<boolean> {
    return Promise.resolve(this.caches.delete(name));
  }

  keys(): Promise<string[]> {
    return Promise.resolve([...this.caches.keys()]);
  }

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    for (const cache of this.caches.values()) {
      const found = await cache.match(request);
      if (found) return found;
    }
    return undefined;
  }
}

/** Installs a fresh double as the global `caches`; returns it to inspect and to fill the device. */
export function installMemoryCaches(): MemoryCacheStorage {
  const storage = new MemoryCacheStorage();
  Object.defineProperty(globalThis, 'caches', { value: storage, configurable: true, writable: true });
  return storage;
}
