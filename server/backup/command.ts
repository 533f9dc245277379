/**
 * `npm run backup [-- --out <folder>|-]` and `npm run restore -- <archive> [--force]`, with
 * the server's database settings (DATABASE_URL, else PGlite under PATIO_DATA_DIR).
 * With the embedded database, stop the server first: PGlite is one process's (scheduled
 * backups, server/backup/backupJob.ts, run inside the server instead). Exits 1 on failure,
 * 2 on wrong arguments. docs/operations.md says how to use them.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { dataDirFromEnv, databaseOptionsFromEnv } from '../env';
import { DamagedArchive } from './archiveReader';
import { backupToFolder, writeBackup } from './createBackup';
import { sourceOf } from './databaseDump';
import { restoreBackup, RestoreRefused } from './restoreBackup';

function usage(message: string): never {
  console.error(`${message}\n  npm run backup [-- --out <folder>|-]\n  npm run restore -- <archive> [--force]`);
  process.exit(2);
}

async function backup(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { out: { type: 'string', default: '.' } } });
  const database = await openDatabase(databaseOptionsFromEnv());
  try {
    const input = { source: sourceOf(database.db), dataDir: dataDirFromEnv(), now: new Date() };
    if (values.out === '-') {
      await writeBackup(input, process.stdout);
      return;
    }
    const { file, bytes } = await backupToFolder(input, values.out);
    console.error(`Backup written: ${file} (${bytes} bytes)`);
  } finally {
    await database.close();
  }
}

async function restore(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
  const [archive] = positionals;
  if (!archive || positionals.length > 1) usage('restore: name one archive');
  const options = databaseOptionsFromEnv();
  const dataDir = dataDirFromEnv();
  const database = 'url' in options ? { kind: 'postgres' as const, url: options.url } : { kind: 'pglite' as const, dir: join(dataDir, 'pglite') };
  const manifest = await restoreBackup({ archive, database, dataDir, force: values.force });
  console.error(
    `Restored the backup of ${manifest.created_at} (release ${manifest.release.version}, ${manifest.parts.length - 1} files) into ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : dataDir}.`,
  );
  console.error('Put the secret key back before starting the server (PATIO_SECRET_KEY or secret.key): docs/operations.md.');
}

const [command, ...rest] = process.argv.slice(2);
try {
  if (command === 'backup') await backup(rest);
  else if (command === 'restore') await restore(rest);
  else usage('backup or restore?');
} catch (error) {
  if (error instanceof DamagedArchive) console.error(`The archive is damaged, nothing was restored: ${error.message}`);
  else if (error instanceof RestoreRefused) console.error(`Not restored: ${error.message}`);
  else console.error(`${command} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
