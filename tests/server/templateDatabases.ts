import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { seedDemoData } from '../../server/db/seed';
import { features } from '../../server/features';
import { withAdmin } from '../../scripts/lib/postgresAdmin';

// harness.ts takes it from here, with the declaration of what this setup provides.
export { withAdmin };

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, seeded PGlite database, dumped (harness.ts opens each test file's from it). */
    pgliteSnapshot: string;
    /** The name of a migrated, seeded PostgreSQL database that test databases are copied from ('' without PostgreSQL). */
    postgresTemplate: string;
  }
}

/**
 * Vitest's global setup of the server tests and of the unit tests that start a server: the
 * database every test server starts from, migrated and seeded once per run instead of once
 * per test file. Creating an embedded database runs initdb in WebAssembly (15–25 s on a busy
 * 2-core machine), migrating and seeding it 5 s more; opening a copy takes about 3 s, and
 * PostgreSQL copies a template in a fraction of a second. Made afresh on each run, so it
 * always has today's migrations and seed; removed at the end.
 *
 * Both projects (vitest.config.ts) name this file, and vitest runs each project's global
 * setup in its own module instance of the one main process: the databases are made by the
 * first project's setup and shared through `globalThis`, and dropped by the last teardown.
 */
export async function setup(project: TestProject): Promise<void> {
  const shared = ((globalThis as SharedHolder)[sharedKey] ??= { users: 0, made: makeTemplates() });
  shared.users++;
  const { snapshotFile, template } = await shared.made;
  project.provide('pgliteSnapshot', snapshotFile);
  project.provide('postgresTemplate', template);
}

export async function teardown(): Promise<void> {
  const holder = globalThis as SharedHolder;
  const shared = holder[sharedKey];
  if (!shared || --shared.users > 0) return;
  delete holder[sharedKey];
  const { dir, url, template } = await shared.made;
  if (url && template) await withAdmin(url, (client) => client.query(`drop database if exists ${template} with (force)`));
  await rm(dir, { recursive: true, force: true });
}

interface Templates {
  dir: string;
  snapshotFile: string;
  url: string | undefined;
  template: string;
}

const sharedKey = Symbol.for('patio.testTemplateDatabases');
type SharedHolder = { [sharedKey]?: { users: number; made: Promise<Templates> } };

async function makeTemplates(): Promise<Templates> {
  const dir = await mkdtemp(join(tmpdir(), 'patio-test-template-'));
  const url = process.env.PATIO_TEST_DATABASE_URL?.trim();
  // Side by side: initdb in WebAssembly keeps this process busy, PostgreSQL works in its own.
  const [snapshotFile, template] = await Promise.all([pgliteSnapshot(dir), url ? postgresTemplate(url) : Promise.resolve('')]);
  return { dir, snapshotFile, url, template };
}

async function pgliteSnapshot(dir: string): Promise<string> {
  const embedded = await openDatabase({ memory: true });
  await embedded.migrate();
  await seedDemoData(embedded.db, features);
  const snapshotFile = join(dir, 'pglite.tar');
  await writeFile(snapshotFile, Buffer.from(await (await embedded.snapshot!()).arrayBuffer()));
  await embedded.close();
  return snapshotFile;
}

async function postgresTemplate(url: string): Promise<string> {
  const template = `patio_template_${randomBytes(6).toString('hex')}`;
  await withAdmin(url, (client) => client.query(`create database ${template}`));
  const target = new URL(url);
  target.pathname = `/${template}`;
  const database = await openDatabase({ url: target.toString() });
  await database.migrate();
  await seedDemoData(database.db, features);
  // A template may have no open connection while it is copied.
  await database.close();
  return template;
}
