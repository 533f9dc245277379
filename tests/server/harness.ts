import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../server/app';
import { defaultConfig, type AppConfig } from '../../server/config';
import { openDatabase, type Database, type OpenDatabase } from '../../server/db/client';
import { demoPassword } from '../../server/db/demoData';
import { seedDemoData } from '../../server/db/seed';
import { features } from '../../server/features';
import { withAdmin } from './templateDatabases';

/**
 * Every server test runs on the embedded PGlite and, when PATIO_TEST_DATABASE_URL answers,
 * on PostgreSQL too (a fresh database per test file, dropped afterwards).
 */
export interface Backend {
  name: 'pglite' | 'postgres';
  url?: string;
}

const postgresUrl = process.env.PATIO_TEST_DATABASE_URL?.trim();
export const backends: Backend[] = [{ name: 'pglite' }, ...(postgresUrl ? [{ name: 'postgres' as const, url: postgresUrl }] : [])];

export interface TestServer {
  app: FastifyInstance;
  db: Database;
  dataDir: string;
  /** Closes the database under the running app (readiness tests); `close` then skips it. */
  closeDatabase: () => Promise<void>;
  close: () => Promise<void>;
}

export async function startServer(
  backend: Backend,
  config: Partial<AppConfig> = {},
  options: Pick<BuildAppOptions, 'logStream' | 'registry' | 'push' | 'mailer' | 'mailerOptions'> = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'patio-test-'));
  let dropDatabase = async () => {};
  let database;
  // A copy of the run's migrated and seeded database (templateDatabases.ts); made here when a test runs without that setup.
  if (backend.name === 'postgres' && backend.url) {
    const name = `patio_test_${randomBytes(6).toString('hex')}`;
    const template = inject('postgresTemplate');
    await withAdmin(backend.url, (client) => client.query(template ? `create database ${name} template ${template}` : `create database ${name}`));
    const url = new URL(backend.url);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString() });
    dropDatabase = () => withAdmin(backend.url!, (client) => client.query(`drop database if exists ${name} with (force)`));
    if (!template) await migrateAndSeed(database);
  } else {
    const snapshot = inject('pgliteSnapshot');
    database = await openDatabase({ memory: true, snapshot: snapshot ? new Blob([await readFile(snapshot)]) : undefined });
    if (!snapshot) await migrateAndSeed(database);
  }
  const app = await buildApp({ db: database.db, config: defaultConfig({ dataDir, ...config }), ...options });
  await app.ready();
  let databaseClosed: Promise<void> | null = null;
  const closeDatabase = () => (databaseClosed ??= database.close());
  return {
    app,
    db: database.db,
    dataDir,
    closeDatabase,
    close: async () => {
      await app.close();
      await closeDatabase();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function migrateAndSeed(database: OpenDatabase): Promise<void> {
  await database.migrate();
  await seedDemoData(database.db, features);
}

/** The host name that selects a demo college (colinas is the loopback default). */
export const hostOf = (slug: 'british' | 'colinas' | 'alianza'): string => (slug === 'colinas' ? 'localhost' : `${slug}.localhost`);

export { demoPassword };

export async function signIn(app: FastifyInstance, host: string, credentials: { email?: string; rut?: string; password?: string }): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login-mobile',
    headers: { host },
    payload: { password: demoPassword, ...credentials },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<{ token: string }>().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json();
}

/** A multipart/form-data body as a browser sends it. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { field: string; filename: string; contentType: string; data: Buffer },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----patio${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The smallest valid PNG (1×1 pixel). */
export const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
