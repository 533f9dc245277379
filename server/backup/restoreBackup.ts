import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { extractParts, verifyArchive } from './archiveReader';
import { occupiedEntries } from './dataFiles';
import { postgresHasTables, restoreDatabase, type DatabaseTarget } from './databaseDump';
import { databasePartPath, filesPrefix, knownMigrations, type Manifest } from './manifest';

/** A restore that was not started, and why: nothing was changed. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

export interface RestoreInput {
  archive: string;
  database: DatabaseTarget;
  dataDir: string;
  /** Replace what the target holds instead of refusing. */
  force?: boolean;
}

/** What stands in the target's way: a non-empty database, files in the data folder. */
async function occupied(input: RestoreInput): Promise<string[]> {
  const dataDir = resolve(input.dataDir);
  const inWay = (await occupiedEntries(dataDir, [input.archive])).map((name) => `${join(dataDir, name)}`);
  if (input.database.kind === 'postgres' && (await postgresHasTables(input.database.url))) inWay.unshift('the PostgreSQL database (it has tables)');
  return inWay;
}

/** A files/ part's place in the data folder; null for a name that would climb out of it. */
function fileTarget(dataDir: string, path: string): string | null {
  const to = resolve(dataDir, path.slice(filesPrefix.length));
  return to.startsWith(dataDir + sep) && !to.slice(dataDir.length + 1).startsWith(`pglite${sep}`) ? to : null;
}

/**
 * Restores an archive: checks every checksum first (a damaged archive is refused before
 * anything is touched), then that the target is empty (or `force`), then writes the
 * database and the files. The archive's database kind must be the target's: a PGlite backup
 * restores to PGlite, a PostgreSQL one to PostgreSQL.
 */
export async function restoreBackup(input: RestoreInput): Promise<Manifest> {
  const manifest = await verifyArchive(input.archive);
  const { kind, migration } = manifest.database;
  if (kind !== input.database.kind) {
    throw new RestoreRefused(
      kind === 'pglite'
        ? 'this archive holds an embedded (PGlite) database, and DATABASE_URL names PostgreSQL: restore it without DATABASE_URL'
        : 'this archive holds a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database to restore it',
    );
  }
  if (migration !== '' && !knownMigrations().includes(migration)) {
    throw new RestoreRefused(
      `the archive's database has migration ${migration}, which this release (${manifest.release.version} made it) does not know: install that release or newer`,
    );
  }
  const dataDir = resolve(input.dataDir);
  const inWay = await occupied(input);
  if (inWay.length > 0 && !input.force)
    throw new RestoreRefused(`the target is not empty (${inWay.slice(0, 5).join(', ')}): restore into an empty one, or pass --force to replace it`);
  if (input.force) {
    for (const name of await occupiedEntries(dataDir, [input.archive])) await rm(join(dataDir, name), { recursive: true, force: true });
  }
  await mkdir(dataDir, { recursive: true });

  const databasePart = databasePartPath[kind];
  const work = await mkdtemp(join(tmpdir(), 'patio-restore-'));
  try {
    const dump = join(work, 'database');
    await extractParts(input.archive, (path) => (path === databasePart ? dump : null));
    await restoreDatabase(input.database, dump, { clean: inWay.length > 0 });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  await extractParts(input.archive, (path) => (path.startsWith(filesPrefix) ? fileTarget(dataDir, path) : null));
  return manifest;
}
