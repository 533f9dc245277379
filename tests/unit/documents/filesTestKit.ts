import { asc, eq } from 'drizzle-orm';
import type { DocumentRow } from '../../../contract/documents';
import { uuidv7 } from '../../../contract/ids';
import { createHttp } from '../../../src/api/http';
import { PatioDb } from '../../../src/db/database';
import { documentsDb, type DocumentsDb } from '../../../src/features/documents/documentsDb';
import type { FileRequest } from '../../../src/features/documents/keptFiles';
import { dataModules } from '../../../src/registry/dataModules';
import { createSyncEngine, type SyncEngine } from '../../../src/sync/engine/syncEngine';
import { documentCategories } from '../../../server/documents/schema';
import { documentMetadata, uploadAll } from '../../server/documentsHelpers';
import { bearer } from '../../server/harness';
import { collegeRefs, type CollegeRefs } from '../../server/syncHelpers';
import { startLiveServer, type LiveServer } from '../sync/syncTestKit';
import { startFlakyProxy, type FlakyProxy } from './flakyProxy';

/**
 * The documents' files for the unit tests come from the real server (PGlite, on loopback,
 * in this process), uploaded with tus like the app's uploads, through the flaky proxy.
 */

export interface FilesWorld {
  server: LiveServer;
  proxy: FlakyProxy;
  token: string;
  /** The demo college's document categories (three), in order. */
  categoryIds: string[];
  /** The app's HTTP door (ky) pointed at the proxy, with the member's token. */
  request: FileRequest;
  upload(bytes: Buffer, filename: string, categoryId?: string): Promise<DocumentRow>;
  /** A fresh device: its database (named `name`, or a new name), synced with the server (through the proxy) by the real engine. */
  device(name?: string): Promise<Device>;
  close(): Promise<void>;
}

export interface Device {
  db: DocumentsDb;
  engine: SyncEngine;
}

export async function startFilesWorld(): Promise<FilesWorld> {
  const server = await startLiveServer();
  const proxy = await startFlakyProxy(server.origin);
  const token = await server.tokenOf('staff');
  const refs: CollegeRefs = await collegeRefs(server.db, 'colinas');
  const categories = await server.db
    .select({ id: documentCategories.id })
    .from(documentCategories)
    .where(eq(documentCategories.collegeId, refs.collegeId))
    .orderBy(asc(documentCategories.position));
  const engines: SyncEngine[] = [];
  const http = createHttp({ getToken: () => token, prefix: `${proxy.origin}/` });
  return {
    server,
    proxy,
    token,
    categoryIds: categories.map((category) => category.id),
    request: (path, headers, signal) => http.requestFile(path, headers, signal),
    async upload(bytes, filename, categoryId = categories[0]!.id) {
      const { header } = documentMetadata(refs, categoryId, filename);
      const answer = await uploadAll(server.origin, { host: 'localhost', ...bearer(token) }, bytes, header, 256 * 1024);
      if (answer.status !== 200) throw new Error(`upload: ${answer.status} ${answer.body.toString()}`);
      return JSON.parse(answer.body.toString()) as DocumentRow;
    },
    async device(name = `patio-test-${uuidv7()}`) {
      const db = documentsDb(new PatioDb(name, dataModules));
      const engine = createSyncEngine({ db, origin: proxy.origin, token, live: false, random: () => 0.5, log: () => undefined });
      engines.push(engine);
      await engine.start();
      await engine.syncNow('user');
      return { db, engine };
    },
    async close() {
      await Promise.all(engines.map((engine) => engine.stop()));
      await proxy.close();
      await server.close();
    },
  };
}
