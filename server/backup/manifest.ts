import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { migrationsFolder } from '../db/migrate';
import { rootDir } from '../env';

/** What an archive holds besides its parts: where it came from and each part's checksum. */
export const manifestSchema = z.object({
  format: z.literal('patio-backup'),
  version: z.literal(1),
  release: z.object({ version: z.string(), build: z.string().nullable() }),
  created_at: z.iso.datetime(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** The last migration the database had: a newer one than this code knows is refused on restore. */
    migration: z.string(),
  }),
  parts: z.array(z.object({ path: z.string(), bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type DatabaseKind = Manifest['database']['kind'];

export const manifestPath = 'manifest.json';
export const databasePartPath: Record<DatabaseKind, string> = { pglite: 'database/pglite.tar.gz', postgres: 'database/postgres.dump' };
/** The data folder's files sit under this folder of the archive, at their path in the data folder. */
export const filesPrefix = 'files/';

/** `patio-backup-2026-12-04T19-30-00Z.zip`: sorts by time, and holds no `:` (Windows, scp). */
export function archiveNameOf(createdAt: Date): string {
  return `patio-backup-${createdAt.toISOString().slice(0, 19).replaceAll(':', '-')}Z.zip`;
}
export const archiveNamePattern = /^patio-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.zip$/;

/** The release: package.json's version, and `PATIO_BUILD_ID` when the build sets one. */
export function releaseOf(env: NodeJS.ProcessEnv = process.env): Manifest['release'] {
  const { version } = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')) as { version: string };
  return { version, build: env.PATIO_BUILD_ID?.trim() || null };
}

/** The migrations this code has, oldest first (drizzle-kit's journal). */
export function knownMigrations(): string[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.map((entry) => entry.tag);
}
