import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { defaultConfig } from '../../server/config';
import { openDatabase, type OpenDatabase } from '../../server/db/client';
import { documentCategories } from '../../server/documents/schema';
import { backends, bearer, hostOf, signIn, startServer, type TestServer } from './harness';
import { createUpload, documentMetadata, headUpload, listenOnLoopback, patchUpload, tinyPdf } from './documentsHelpers';
import { collegeRefs, pullAll, upsertedIds, type CollegeRefs } from './syncHelpers';

/**
 * Two API processes behind a load balancer: one database and one data folder, nothing else
 * shared. On PostgreSQL the second instance has its own connection pool; on PGlite (one
 * process by nature) it shares the database object but nothing of the first app.
 */
describe.each(backends)('documents across two API instances on $name', (backend) => {
  let server: TestServer;
  let second: FastifyInstance;
  let secondDatabase: OpenDatabase | null = null;
  let baseA: string;
  let baseB: string;
  let refs: CollegeRefs;
  let categoryId: string;
  const host = hostOf('colinas');

  beforeAll(async () => {
    server = await startServer(backend);
    let db = server.db;
    if (backend.url) {
      const result: unknown = await server.db.execute(sql`select current_database() as name`);
      const [row] = (result as { rows: { name: string }[] }).rows;
      const url = new URL(backend.url);
      url.pathname = `/${row!.name}`;
      secondDatabase = await openDatabase({ url: url.toString() });
      db = secondDatabase.db;
    }
    second = await buildApp({ db, config: defaultConfig({ dataDir: server.dataDir }) });
    await second.ready();
    refs = await collegeRefs(server.db, 'colinas');
    const [category] = await server.db
      .select()
      .from(documentCategories)
      .where(and(eq(documentCategories.collegeId, refs.collegeId), eq(documentCategories.position, 2)));
    categoryId = category!.id;
    baseA = await listenOnLoopback(server.app);
    baseB = await listenOnLoopback(second);
  });
  afterAll(async () => {
    await second.close();
    await secondDatabase?.close();
    await server.close();
  });

  it('resumes through one instance an upload begun through the other, and serves the file from either', async () => {
    const staff = { host, ...bearer(await signIn(server.app, host, { email: 'staff@colinas.test' })) };
    const student = await signIn(second, host, { email: 'student@colinas.test' });
    const bytes = Buffer.concat([tinyPdf('Dos procesos'), Buffer.alloc(50_000, 0x20)]);
    const { id, header } = documentMetadata(refs, categoryId, 'dos-procesos.pdf');
    const created = await createUpload(baseA, staff, bytes.length, header);
    expect(created.status).toBe(201);
    expect((await patchUpload(baseA, created.path, staff, 0, bytes.subarray(0, 20_000))).status).toBe(204);
    expect((await headUpload(baseB, created.path, staff)).headers['upload-offset']).toBe('20000');
    const done = await patchUpload(baseB, created.path, staff, 20_000, bytes.subarray(20_000));
    expect(done.status).toBe(200);
    expect(done.headers['patio-document-id']).toBe(id);

    expect(upsertedIds((await pullAll({ app: server.app, host, token: student })).changes, 'documents')).toContain(id);
    for (const app of [server.app, second]) {
      const file = await app.inject({ method: 'GET', url: `/api/v1/documents/${id}/file`, headers: { host, ...bearer(student) } });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(bytes)).toBe(true);
    }
  });
});
