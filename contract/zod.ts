import { z } from 'zod';

/**
 * zod for every schema the browser runs (the contract, the app and the sync worker). zod
 * compiles object parsers with `new Function` unless told not to, and probes for that with
 * an `eval` that the app's Content-Security-Policy (`script-src 'self'`, no eval) blocks:
 * Chromium reports each block as a CSP issue (Lighthouse best practices). In a browser it
 * runs jitless from the start; the server, where eval is allowed, keeps the faster parsers.
 * Set before any schema below is built, since zod reads the setting at construction.
 */
const scope = globalThis as { document?: unknown; WorkerGlobalScope?: unknown };
const inBrowser = scope.document !== undefined || scope.WorkerGlobalScope !== undefined;
if (inBrowser) z.config({ jitless: true });

export { z };
