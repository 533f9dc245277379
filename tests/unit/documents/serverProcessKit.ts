import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { inject } from 'vitest';
import type { DocumentCategory, DocumentRow } from '../../../contract/documents';
import { uuidv7 } from '../../../contract/ids';
import { PatioDb } from '../../../src/db/database';
import { documentsDb, type DocumentsDb } from '../../../src/features/documents/documentsDb';
import { dataModules } from '../../../src/registry/dataModules';
import { createSyncEngine, type SyncEngine } from '../../../src/sync/engine/syncEngine';
import { send, uploadAll, uploadMetadata } from '../../server/documentsHelpers';

export interface ServerProcess {
  origin: string;
  token: string;
  /** The college's document categories, in order. */
  categories(): Promise<DocumentCategory[]>;
  /** Uploads a file for the whole college into a category, as the app's uploads do (tus). */
  upload(bytes: Buffer, filename: string, categoryId: string): Promise<DocumentRow>;
  close(): Promise<void>;
}

/** Starts serverProcess.ts on a copy of the run's database (tests/server/templateDatabases.ts) and waits for its line. */
export async function startServerProcess(): Promise<ServerProcess> {
  const env = { ...process.env, PATIO_TEST_PGLITE_SNAPSHOT: inject('pgliteSnapshot') ?? '' };
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/unit/documents/serverProcess.ts'], {
    cwd: process.cwd(),
    env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the server process ended (${code})`)));
  });
  const { origin, token } = JSON.parse(line) as { origin: string; token: string };
  const headers = { host: 'localhost', authorization: `Bearer ${token}` };
  return {
    origin,
    token,
    async categories() {
      const answer = await send(origin, 'GET', '/api/v1/document-categories', headers);
      return (JSON.parse(answer.body.toString()) as { data: DocumentCategory[] }).data;
    },
    async upload(bytes, filename, categoryId) {
      const audience = { course_ids: [], grade_ids: [], section_ids: [], scope: 'college' };
      const metadata = uploadMetadata({ filename, category_id: categoryId, audience: JSON.stringify(audience), id: uuidv7() });
      const answer = await uploadAll(origin, headers, bytes, metadata, 256 * 1024);
      if (answer.status !== 200) throw new Error(`upload: ${answer.status} ${answer.body.toString()}`);
      return JSON.parse(answer.body.toString()) as DocumentRow;
    },
    async close() {
      child.stdin.end();
      await exited;
    },
  };
}

/** A device's database named `name`, synced by the real engine from `origin` (the page's). */
export async function syncedDevice(name: string, origin: string, token: string): Promise<{ db: DocumentsDb; engine: SyncEngine }> {
  const db = documentsDb(new PatioDb(name, dataModules));
  const engine = createSyncEngine({ db, origin, token, live: false, random: () => 0.5, log: () => undefined });
  await engine.start();
  await engine.syncNow('user');
  return { db, engine };
}
