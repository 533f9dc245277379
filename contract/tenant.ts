/**
 * Which college a page address belongs to. A college has host patterns: substrings of the
 * host name (`british` matches `british.localhost` and `app.british.example`). Loopback
 * names fall back to the default college. The longest matching pattern wins, so a more
 * specific pattern can override a shorter one.
 */
export interface HostPatterns {
  slug: string;
  hostPatterns: readonly string[];
  isDefault: boolean;
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** `https://Alianza.example:8080/x` or `alianza.example:8080` → `alianza.example`. */
export function hostNameOf(domainOrOrigin: string): string {
  let value = domainOrOrigin.trim().toLowerCase();
  const scheme = value.indexOf('://');
  if (scheme >= 0) value = value.slice(scheme + 3);
  value = value.split('/')[0] ?? '';
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  return value.replace(/:\d+$/, '').replace(/\.$/, '');
}

export function matchCollege<T extends HostPatterns>(domainOrOrigin: string, colleges: readonly T[]): T | undefined {
  const host = hostNameOf(domainOrOrigin);
  if (!host) return undefined;
  let best: T | undefined;
  let bestLength = 0;
  for (const college of colleges) {
    for (const pattern of college.hostPatterns) {
      const p = pattern.toLowerCase();
      if (p && host.includes(p) && p.length > bestLength) {
        best = college;
        bestLength = p.length;
      }
    }
  }
  if (best) return best;
  if (loopbackHosts.has(host)) return colleges.find((c) => c.isDefault);
  return undefined;
}
