import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentCategory, DocumentRow } from '../../contract/documents';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import { documentCategories, documents } from '../../server/documents/schema';
import { backends, bearer, hostOf, json, signIn, startServer, type TestServer } from './harness';
import { documentMetadata, listenOnLoopback, tinyPdf, uploadAll } from './documentsHelpers';
import { collegeRefs, pullAll, push, upsertedIds, type CollegeRefs } from './syncHelpers';

describe.each(backends)('documents: downloads, REST and mutations on $name', (backend) => {
  let server: TestServer;
  let base: string;
  let refs: CollegeRefs;
  let categoryId: string;
  const host = hostOf('colinas');
  const tokens = { staff: '', admin: '', student: '', other: '', guardian: '', britishAdmin: '' };
  const as = (token: string, onHost = host) => ({ host: onHost, ...bearer(token) });
  const get = (token: string, url: string, headers: Record<string, string> = {}, onHost = host) =>
    server.app.inject({ method: 'GET', url, headers: { ...as(token, onHost), ...headers } });
  const upload = async (bytes: Buffer, filename: string, sections: string[] = [], scope = 'college') => {
    const { header } = documentMetadata(refs, categoryId, filename, sections, scope);
    const answer = await uploadAll(base, as(tokens.staff), bytes, header, 1000);
    expect(answer.status).toBe(200);
    return JSON.parse(answer.body.toString()) as DocumentRow;
  };

  beforeAll(async () => {
    server = await startServer(backend);
    refs = await collegeRefs(server.db, 'colinas');
    const [category] = await server.db
      .select()
      .from(documentCategories)
      .where(and(eq(documentCategories.collegeId, refs.collegeId), eq(documentCategories.position, 0)));
    categoryId = category!.id;
    tokens.staff = await signIn(server.app, host, { email: 'staff@colinas.test' });
    tokens.admin = await signIn(server.app, host, { email: 'admin@colinas.test' });
    tokens.student = await signIn(server.app, host, { email: 'student@colinas.test' });
    tokens.other = await signIn(server.app, host, { email: 'sofia.sepulveda@colinas.test' });
    tokens.guardian = await signIn(server.app, host, { email: 'guardian@colinas.test' });
    tokens.britishAdmin = await signIn(server.app, hostOf('british'), { email: 'admin@british.test' });
    base = await listenOnLoopback(server.app);
  });
  afterAll(() => server.close());

  it('serves ranges that resume a download, with a strong ETag, If-Range and If-None-Match', async () => {
    const bytes = Buffer.concat([tinyPdf('Plan lector'), Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251))]);
    const document = await upload(bytes, 'Plan lector «2026».pdf');
    const url = `/api/v1/documents/${document.id}/file`;
    const whole = await get(tokens.student, url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({
      'accept-ranges': 'bytes',
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      etag: `"${document.sha256}"`,
      'content-length': String(bytes.length),
    });
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['content-disposition']).toBe(`attachment; filename="Plan lector _2026_.pdf"; filename*=UTF-8''Plan%20lector%20%C2%AB2026%C2%BB.pdf`);
    expect((await get(tokens.student, `${url}?inline=1`)).headers['content-disposition']).toMatch(/^inline; /);

    const part = await get(tokens.student, url, { range: 'bytes=100-1099', 'accept-encoding': 'gzip, br' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(100, 1100))).toBe(true);
    const tail = await get(tokens.student, url, { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);
    const rest = await get(tokens.student, url, { range: `bytes=${bytes.length - 5}-`, 'if-range': `"${document.sha256}"` });
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload.equals(bytes.subarray(bytes.length - 5))).toBe(true);

    const past = await get(tokens.student, url, { range: `bytes=${bytes.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);
    // The file changed since the client's copy: the whole file, not a piece of another one.
    const stale = await get(tokens.student, url, { range: 'bytes=100-199', 'if-range': '"0000"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(bytes.length);
    expect((await get(tokens.student, url, { 'if-none-match': `"${document.sha256}"` })).statusCode).toBe(304);
  });

  it('serves a file only to its audience on its college host', async () => {
    const document = await upload(Buffer.from('Solo para 1° Básico A\n'), 'aviso.txt', ['1° Básico A'], 'students');
    const url = `/api/v1/documents/${document.id}/file`;
    const text = await get(tokens.student, url);
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect((await get(tokens.staff, url)).statusCode).toBe(200);
    for (const token of [tokens.other, tokens.guardian]) expect((await get(token, url)).statusCode).toBe(404);
    expect((await get(tokens.britishAdmin, url, {}, hostOf('british'))).statusCode).toBe(404);
    expect((await get(tokens.student, url, {}, hostOf('british'))).statusCode).toBe(401);
    expect((await get(tokens.student, '/api/v1/documents/../../etc/passwd/file')).statusCode).toBe(404);
    expect((await get(tokens.student, `/api/v1/documents/${uuidv7()}/file`)).statusCode).toBe(404);
  });

  it('counts a download once per member, however often a device sends it', async () => {
    const document = await upload(tinyPdf('Menú de marzo'), 'menu.pdf');
    const mutation = { id: uuidv7(), name: 'documents.downloaded', args: { id: document.id } };
    const student = { app: server.app, host, token: tokens.student };
    expect((await push(student, [mutation]))[0]).toMatchObject({ status: 'applied' });
    await push(student, [mutation]);
    await push(student, [{ name: 'documents.downloaded', args: { id: document.id } }]);
    await push({ app: server.app, host, token: tokens.guardian }, [{ name: 'documents.downloaded', args: { id: document.id } }]);
    expect((await server.app.inject({ method: 'POST', url: `/api/v1/documents/${document.id}/downloaded`, headers: as(tokens.other) })).statusCode).toBe(204);
    const [row] = await server.db.select().from(documents).where(eq(documents.id, document.id));
    expect(row!.downloads).toBe(3);
    expect(json<DocumentRow>(await get(tokens.staff, `/api/v1/documents/${document.id}`)).downloads).toBe(3);
    const hidden = await upload(tinyPdf('Interno'), 'interno.pdf', [], 'staff');
    expect((await push(student, [{ name: 'documents.downloaded', args: { id: hidden.id } }]))[0]).toMatchObject({ status: 'rejected', error: { status: 404 } });
  });

  it('lists newest first by category and name, and lets authors and admins delete, removing the file', async () => {
    const first = await upload(tinyPdf('Acta 1'), 'Acta consejo escolar marzo.pdf');
    const second = await upload(tinyPdf('Acta 2'), 'Acta consejo escolar abril.pdf');
    const list = json<{ data: DocumentRow[] }>(await get(tokens.student, `/api/v1/documents?category_id=${categoryId}&q=consejo%20escolar`));
    expect(list.data.map((d) => d.id)).toEqual([second.id, first.id]);
    expect(json<{ data: DocumentRow[] }>(await get(tokens.student, '/api/v1/documents?q=100%25')).data).toEqual([]);
    const seeded = json<{ data: DocumentRow[] }>(await get(tokens.student, '/api/v1/documents?q=Reglamento')).data[0]!;
    expect((await get(tokens.student, `/api/v1/documents/${seeded.id}/file`)).rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const [row] = await server.db.select().from(documents).where(eq(documents.id, first.id));
    const path = join(server.dataDir, 'documents', refs.collegeId, row!.fileKey);
    expect((await stat(path)).size).toBe(first.size);
    expect((await server.app.inject({ method: 'DELETE', url: `/api/v1/documents/${first.id}`, headers: as(tokens.student) })).statusCode).toBe(403);
    expect((await push({ app: server.app, host, token: tokens.admin }, [{ name: 'documents.delete', args: { id: first.id } }]))[0]).toMatchObject({
      status: 'applied',
    });
    await expect
      .poll(() =>
        stat(path).then(
          () => true,
          () => false,
        ),
      )
      .toBe(false);
    expect((await get(tokens.student, `/api/v1/documents/${first.id}/file`)).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'DELETE', url: `/api/v1/documents/${second.id}`, headers: as(tokens.staff) })).statusCode).toBe(204);
    const pulled = await pullAll({ app: server.app, host, token: tokens.student });
    expect(upsertedIds(pulled.changes, 'documents')).not.toContain(second.id);
  });

  it('lets administrators manage categories, synced to every member, and keeps one that has documents', async () => {
    const admin = { app: server.app, host, token: tokens.admin };
    const id = uuidv7();
    expect((await push({ app: server.app, host, token: tokens.staff }, [{ name: 'documentCategories.create', args: { id, name: 'Actas' } }]))[0]).toMatchObject(
      { status: 'rejected', error: { status: 403 } },
    );
    expect((await push(admin, [{ name: 'documentCategories.create', args: { id, name: 'Actas', position: 5 } }]))[0]).toMatchObject({ status: 'applied' });
    expect((await push(admin, [{ name: 'documentCategories.update', args: { id, name: 'Actas y minutas', position: 4 } }]))[0]).toMatchObject({
      status: 'applied',
    });
    expect(upsertedIds((await pullAll({ app: server.app, host, token: tokens.guardian })).changes, 'documentCategories')).toContain(id);
    const listed = json<{ data: DocumentCategory[] }>(await get(tokens.student, '/api/v1/document-categories')).data;
    expect(listed.find((c) => c.id === id)).toMatchObject({ name: 'Actas y minutas', position: 4 });

    const inUse = await server.app.inject({ method: 'DELETE', url: `/api/v1/document-categories/${categoryId}`, headers: as(tokens.admin) });
    expect(inUse.statusCode).toBe(409);
    expect(json(inUse)).toEqual({ message: messages.documentCategoryInUse });
    const made = await server.app.inject({ method: 'POST', url: '/api/v1/document-categories', headers: as(tokens.admin), payload: { name: '  ' } });
    expect(made.statusCode).toBe(422);
    expect(
      (await server.app.inject({ method: 'POST', url: '/api/v1/document-categories', headers: as(tokens.staff), payload: { name: 'X' } })).statusCode,
    ).toBe(403);
    expect((await server.app.inject({ method: 'DELETE', url: `/api/v1/document-categories/${id}`, headers: as(tokens.admin) })).statusCode).toBe(204);
    expect(
      (await server.app.inject({ method: 'PUT', url: `/api/v1/document-categories/${id}`, headers: as(tokens.admin), payload: { name: 'Y' } })).statusCode,
    ).toBe(404);
  });

  it('takes an upload from tus-js-client, the protocol’s reference client', async () => {
    const bytes = Buffer.concat([tinyPdf('Cliente tus'), Buffer.alloc(20_000, 0x20)]);
    const { id, header } = documentMetadata(refs, categoryId, 'cliente.pdf');
    const metadata = Object.fromEntries(
      header
        .split(',')
        .map((pair) => pair.split(' '))
        .map(([k, v]) => [k!, Buffer.from(v!, 'base64').toString('utf8')]),
    );
    const documentId = await new Promise<string | undefined>((resolve, reject) => {
      const tus = new Upload(bytes, {
        endpoint: `${base}/api/v1/uploads`,
        headers: as(tokens.staff),
        metadata,
        chunkSize: 7000,
        retryDelays: null,
        storeFingerprintForResuming: false,
        onError: reject,
        onSuccess: ({ lastResponse }) => resolve(lastResponse.getHeader('patio-document-id')),
      });
      tus.start();
    });
    expect(documentId).toBe(id);
    expect((await get(tokens.student, `/api/v1/documents/${id}/file`)).rawPayload.equals(bytes)).toBe(true);
  });
});
