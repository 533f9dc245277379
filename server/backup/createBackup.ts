import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { writeArchive, type PartSource } from './archiveWriter';
import { listDataFiles } from './dataFiles';
import { dumpDatabase, type DatabaseSource } from './databaseDump';
import { archiveNameOf, databasePartPath, filesPrefix, knownMigrations, releaseOf } from './manifest';

export interface BackupInput {
  source: DatabaseSource;
  /** The data folder whose files (uploads, documents, exports) the archive holds. */
  dataDir: string;
  now: Date;
  /** Folders inside the data folder to leave out (where the archives are written). */
  besides?: readonly string[];
}

/**
 * Writes one archive to `out`: the database first, then the data folder's files, then the
 * manifest. The database is one consistent copy; a file written while the backup runs may
 * or may not be in it.
 */
export async function writeBackup(input: BackupInput, out: Writable): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'patio-backup-'));
  try {
    const dump = join(work, 'database');
    await dumpDatabase(input.source, dump);
    const files = await listDataFiles(input.dataDir, input.besides);
    const parts: PartSource[] = [
      { path: databasePartPath[input.source.kind], file: dump, compress: false },
      ...files.map((path) => ({ path: `${filesPrefix}${path}`, file: join(input.dataDir, path), compress: true })),
    ];
    const migration = knownMigrations().at(-1) ?? '';
    await writeArchive(out, parts, {
      format: 'patio-backup',
      version: 1,
      release: releaseOf(),
      created_at: input.now.toISOString(),
      database: { kind: input.source.kind, migration },
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Writes the archive into `folder` under its time-stamped name, through a `.partial` file
 * renamed when complete: a folder of archives never shows a half-written one. Refuses to
 * replace an archive of the same second.
 */
export async function backupToFolder(input: BackupInput, folder: string): Promise<{ file: string; bytes: number }> {
  await mkdir(folder, { recursive: true });
  const file = join(folder, archiveNameOf(input.now));
  const exists = await stat(file).then(
    () => true,
    () => false,
  );
  if (exists) throw new Error(`${archiveNameOf(input.now)} exists already`);
  const partial = `${file}.partial`;
  try {
    await writeBackup({ ...input, besides: [...(input.besides ?? []), folder] }, createWriteStream(partial, { flags: 'wx' }));
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { file, bytes: (await stat(file)).size };
}
