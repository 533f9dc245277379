import { readdir } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';

/**
 * What of the data folder is not a backup's "files": the embedded database (dumped on its
 * own), the secret key (server/mail/secretKey.ts: kept apart, docs/operations.md), and
 * any folder given in `besides` (the backups' own folder when it lies inside).
 */
export const notFiles = ['pglite', 'secret.key'] as const;

function skipped(dataDir: string, path: string, besides: readonly string[]): boolean {
  const top = relative(dataDir, path).split(sep)[0] ?? '';
  if ((notFiles as readonly string[]).includes(top)) return true;
  return besides.some((other) => {
    const from = relative(resolve(other), path);
    return from === '' || (!from.startsWith('..') && !from.startsWith(sep));
  });
}

/** Every regular file of the data folder that a backup holds, as paths relative to it with `/`, sorted. */
export async function listDataFiles(dataDir: string, besides: readonly string[] = []): Promise<string[]> {
  const root = resolve(dataDir);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !skipped(root, path, besides))
    .map((path) => relative(root, path).split(sep).join('/'))
    .sort();
}

/** The data folder's entries that a restore would find in its way (the secret key and `besides` are not). */
export async function occupiedEntries(dataDir: string, besides: readonly string[] = []): Promise<string[]> {
  const root = resolve(dataDir);
  const names = await readdir(root).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return names.filter((name) => name !== 'secret.key' && !besides.some((other) => resolve(other) === join(root, name)));
}
