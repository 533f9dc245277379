/**
 * Imports a OneRoster 1.1 CSV set from a folder, for a nightly job the school schedules:
 * `npm run roster:import -- --college <slug> --dir <folder> [--dry-run]`.
 * Uses the server's database settings (DATABASE_URL, else PGlite under PATIO_DATA_DIR; with
 * the embedded database, stop the server first). Prints what was (or would be) created,
 * updated and removed, and every refused row; exits 1 when anything was refused (nothing is
 * written then), 2 on wrong arguments.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import type { RosterResult } from '../../contract/roster';
import { openDatabase } from '../db/client';
import { colleges } from '../db/schema';
import { databaseOptionsFromEnv } from '../env';
import { importRoster, previewRoster, readSet } from './importRoster';
import { zipLimits } from './readZip';

const { values } = parseArgs({
  options: { college: { type: 'string' }, dir: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

if (!values.college) fail('--college: the slug of the college to import into');
if (!values.dir) fail('--dir: the folder holding manifest.csv and the roster files');

const files = new Map<string, Uint8Array>();
let total = 0;
for (const name of readdirSync(values.dir)) {
  if (!name.toLowerCase().endsWith('.csv')) continue;
  const path = join(values.dir, name);
  total += statSync(path).size;
  if (total > zipLimits.inflatedBytes) fail(`${values.dir}: the CSV files are larger than ${zipLimits.inflatedBytes / 1024 / 1024} MB together`);
  files.set(name.slice(0, -4), new Uint8Array(readFileSync(path)));
}

function print(result: RosterResult): void {
  console.log(`${result.written ? 'Imported' : 'Would import'} (${result.mode ?? 'nothing read'}):`);
  for (const [target, c] of Object.entries(result.counts)) {
    console.log(`  ${target.padEnd(12)} ${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged, ${c.removed} removed`);
  }
  for (const r of result.refused)
    console.log(`  refused: ${[r.file, r.line, r.column].filter((p) => p !== null).join(':')} ${r.message}${r.value ? ` (${r.value})` : ''}`);
  if (result.refused_total > result.refused.length) console.log(`  … and ${result.refused_total - result.refused.length} more refused`);
}

const database = await openDatabase(databaseOptionsFromEnv());
try {
  await database.migrate();
  const db = database.db;
  const [college] = await db.select({ id: colleges.id }).from(colleges).where(eq(colleges.slug, values.college)).limit(1);
  if (!college) fail(`No college with the slug ${values.college}`);
  const set = readSet({ files });
  const result = values['dry-run'] ? await previewRoster(db, college.id, set) : await importRoster(db, college.id, set, { actor: null });
  print(result);
  process.exitCode = result.refused_total > 0 ? 1 : 0;
} finally {
  await database.close();
}
