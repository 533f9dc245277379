import { isIP } from 'node:net';

/**
 * Which push subscription endpoints the server accepts. The sender POSTs to whatever
 * endpoint is stored, so an endpoint is a URL a signed-in member makes the server request:
 * without a list, a member could point it at the internal network (SSRF). Browsers only
 * ever hand out endpoints of their vendor's push service, all over https on port 443:
 *
 * - Chrome, Edge on Android, Samsung Internet, Opera: Firebase Cloud Messaging;
 * - Firefox: Mozilla's autopush (`updates.push.services.mozilla.com`);
 * - Safari (macOS 13+, iOS 16.4+ in an installed web app): `web.push.apple.com`;
 * - Edge on Windows: the Windows Push Notification Services (`*.notify.windows.com`).
 *
 * Anything else must be listed in `AppConfig.pushHosts` (`PATIO_PUSH_HOSTS`), e.g. a private
 * deployment's own push service, or one on loopback in tests (the only place plain http is
 * accepted).
 */
const exactHosts = new Set(['fcm.googleapis.com']);
const hostSuffixes = ['.push.services.mozilla.com', '.push.apple.com', '.notify.windows.com'];

export function isAllowedPushEndpoint(endpoint: string, extraHosts: readonly string[] = []): boolean {
  // Push services hand out plain ASCII URLs; anything else (spaces, controls, text the URL
  // parser would re-encode) is not a browser's endpoint, and would be stored unlike it is sent.
  if (!/^[\x21-\x7e]+$/.test(endpoint)) return false;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  // Credentials in a URL would be sent as Basic authentication to the push service.
  if (url.username !== '' || url.password !== '') return false;
  const host = url.host.toLowerCase();
  if (extraHosts.includes(host)) return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
  if (url.protocol !== 'https:' || url.port !== '') return false;
  return exactHosts.has(host) || hostSuffixes.some((suffix) => host.endsWith(suffix) && host.length > suffix.length);
}

function isLoopback(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1';
}
