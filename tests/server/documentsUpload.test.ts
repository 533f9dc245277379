import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRow } from '../../contract/documents';
import { messages } from '../../contract/messages';
import { abandonedUploadMs, DocumentFiles } from '../../server/documents/fileStore';
import { documentCategories } from '../../server/documents/schema';
import { posts } from '../../server/posts/schema';
import { backends, bearer, hostOf, signIn, startServer, tinyPng, type TestServer } from './harness';
import {
  abortedPatch,
  createUpload,
  documentMetadata,
  headUpload,
  listenOnLoopback,
  patchUpload,
  send,
  tinyPdf,
  uploadAll,
  uploadMetadata,
} from './documentsHelpers';
import { collegeRefs, pullAll, upsertedIds, type CollegeRefs } from './syncHelpers';

describe.each(backends)('document uploads with tus on $name', (backend) => {
  let server: TestServer;
  let base: string;
  let refs: CollegeRefs;
  let categoryId: string;
  const host = hostOf('colinas');
  const tokens = { staff: '', admin: '', student: '', other: '', britishStaff: '' };
  const as = (token: string, onHost = host) => ({ host: onHost, ...bearer(token) });
  const files = () => readdir(join(server.dataDir, 'documents', refs.collegeId)).catch(() => [] as string[]);

  beforeAll(async () => {
    server = await startServer(backend, { documentMaxBytes: 200_000 });
    refs = await collegeRefs(server.db, 'colinas');
    const [category] = await server.db
      .select()
      .from(documentCategories)
      .where(and(eq(documentCategories.collegeId, refs.collegeId), eq(documentCategories.position, 1)));
    categoryId = category!.id;
    tokens.staff = await signIn(server.app, host, { email: 'staff@colinas.test' });
    tokens.admin = await signIn(server.app, host, { email: 'admin@colinas.test' });
    tokens.student = await signIn(server.app, host, { email: 'student@colinas.test' });
    tokens.other = await signIn(server.app, host, { email: 'sofia.sepulveda@colinas.test' });
    tokens.britishStaff = await signIn(server.app, hostOf('british'), { email: 'staff@british.test' });
    base = await listenOnLoopback(server.app);
  });
  afterAll(() => server.close());

  it('resumes an upload cut in the middle of a chunk, and its document reaches the audience only', async () => {
    const bytes = Buffer.concat([tinyPdf('Circular de apoderados'), Buffer.alloc(100_000, 0x20)]);
    const { id, header } = documentMetadata(refs, categoryId, 'Circular N°3 — apoderados.pdf', ['1° Básico A'], 'students');
    const created = await createUpload(base, as(tokens.staff), bytes.length, header);
    expect(created.status).toBe(201);
    expect(created.path).toMatch(/^\/api\/v1\/uploads\/[0-9a-f]{64}$/);

    expect((await patchUpload(base, created.path, as(tokens.staff), 0, bytes.subarray(0, 30_000))).status).toBe(204);
    await abortedPatch(base, created.path, { ...as(tokens.staff), 'tus-resumable': '1.0.0', 'upload-offset': '30000' }, bytes.subarray(30_000, 50_000), 40_000);
    const head = await headUpload(base, created.path, as(tokens.staff));
    expect(head.status).toBe(200);
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBeGreaterThanOrEqual(30_000);
    expect(offset).toBeLessThan(bytes.length);
    // No document while the file is incomplete.
    expect((await server.app.inject({ method: 'GET', url: `/api/v1/documents/${id}`, headers: as(tokens.staff) })).statusCode).toBe(404);

    const done = await patchUpload(base, created.path, as(tokens.staff), offset, bytes.subarray(offset));
    expect(done.status).toBe(200);
    expect(done.headers['patio-document-id']).toBe(id);
    const document = JSON.parse(done.body.toString()) as DocumentRow;
    expect(document).toMatchObject({ id, title: 'Circular N°3 — apoderados.pdf', mime_type: 'application/pdf', size: bytes.length, scope: 'students' });

    const pulled = async (token: string) => upsertedIds((await pullAll({ app: server.app, host, token })).changes, 'documents');
    expect(await pulled(tokens.student)).toContain(id);
    expect(await pulled(tokens.other)).not.toContain(id);
    const file = await server.app.inject({ method: 'GET', url: `/api/v1/documents/${id}/file`, headers: as(tokens.student) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect((await server.app.inject({ method: 'GET', url: `/api/v1/documents/${id}/file`, headers: as(tokens.other) })).statusCode).toBe(404);
    // The finished upload is the document's file now: tus may not delete it.
    const terminated = await send(base, 'DELETE', created.path, { ...as(tokens.staff), 'tus-resumable': '1.0.0' });
    expect(terminated.status).toBeGreaterThanOrEqual(400);
    expect(terminated.status).toBeLessThan(500);
    expect((await server.app.inject({ method: 'GET', url: `/api/v1/documents/${id}/file`, headers: as(tokens.student) })).rawPayload.equals(bytes)).toBe(true);
  });

  it('stores the type the bytes tell, not the name, and refuses other kinds leaving nothing behind', async () => {
    const png = documentMetadata(refs, categoryId, 'informe.pdf');
    const stored = await uploadAll(base, as(tokens.staff), tinyPng, png.header);
    expect(stored.status).toBe(200);
    expect(JSON.parse(stored.body.toString())).toMatchObject({ mime_type: 'image/png', title: 'informe.pdf' });

    const before = await files();
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 1)]);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0)]);
    for (const [name, bytes] of [
      ['notas.pdf', zip],
      ['programa.exe', exe],
      ['texto.txt', Buffer.from([0x61, 0xff, 0xfe, 0x62])],
    ] as const) {
      const refused = await uploadAll(base, as(tokens.staff), bytes, documentMetadata(refs, categoryId, name).header);
      expect(refused.status, name).toBe(415);
      expect(JSON.parse(refused.body.toString())).toEqual({ message: messages.documentTypeRefused });
    }
    expect((await files()).sort()).toEqual(before.sort());

    const text = await uploadAll(
      base,
      as(tokens.staff),
      Buffer.from('Horario de atención: 8:00–13:00 ñ\n'),
      documentMetadata(refs, categoryId, 'horario').header,
    );
    expect(JSON.parse(text.body.toString())).toMatchObject({ mime_type: 'text/plain' });
  });

  it('refuses a file over the size cap, bad metadata, and members who may not publish', async () => {
    const big = await createUpload(base, as(tokens.staff), 200_001, documentMetadata(refs, categoryId, 'grande.pdf').header);
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body.toString())).toEqual({ message: messages.documentTooLarge });

    const noCategory = await createUpload(base, as(tokens.staff), 10, documentMetadata(refs, '0190a000-0000-7000-8000-000000000000', 'x.pdf').header);
    expect(noCategory.status).toBe(422);
    expect(JSON.parse(noCategory.body.toString())).toMatchObject({ errors: { category_id: [messages.unknownReference] } });

    expect((await createUpload(base, as(tokens.student), 10, documentMetadata(refs, categoryId, 'x.pdf').header)).status).toBe(403);
    expect((await createUpload(base, { host }, 10, documentMetadata(refs, categoryId, 'x.pdf').header)).status).toBe(401);
  });

  it('answers 404 for an upload to anyone but its uploader, and on another college host', async () => {
    const bytes = tinyPdf('Privado');
    const created = await createUpload(base, as(tokens.staff), bytes.length, documentMetadata(refs, categoryId, 'privado.pdf').header);
    expect(created.status).toBe(201);
    expect((await headUpload(base, created.path, as(tokens.admin))).status).toBe(404);
    expect((await patchUpload(base, created.path, as(tokens.admin), 0, bytes)).status).toBe(404);
    expect((await headUpload(base, created.path, as(tokens.britishStaff, hostOf('british')))).status).toBe(404);
    // The uploader's token is unknown on another college's host.
    expect((await headUpload(base, created.path, as(tokens.staff, hostOf('british')))).status).toBe(401);
    expect((await send(base, 'GET', created.path, as(tokens.staff), undefined)).status).toBe(404);
    expect((await headUpload(base, created.path, as(tokens.staff))).status).toBe(200);
  });

  it('removes uploads left unfinished for a week, and never a finished file', async () => {
    const folder = join(server.dataDir, 'documents', refs.collegeId);
    const backdate = async (key: string) => {
      const path = join(folder, `${key}.json`);
      const info = JSON.parse(await readFile(path, 'utf8')) as { creation_date: string };
      info.creation_date = new Date(Date.now() - abandonedUploadMs - 60_000).toISOString();
      await writeFile(path, JSON.stringify(info));
    };
    const keyOf = (path: string) => path.split('/').at(-1)!;
    const bytes = Buffer.concat([tinyPdf('Acta del consejo'), Buffer.alloc(20_000, 0x20)]);

    const left = await createUpload(base, as(tokens.staff), bytes.length, documentMetadata(refs, categoryId, 'Acta a medias.pdf').header);
    expect((await patchUpload(base, left.path, as(tokens.staff), 0, bytes.subarray(0, 8_000))).status).toBe(204);
    const recent = await createUpload(base, as(tokens.staff), bytes.length, documentMetadata(refs, categoryId, 'Acta de hoy.pdf').header);
    const finished = await createUpload(base, as(tokens.staff), bytes.length, documentMetadata(refs, categoryId, 'Acta completa.pdf').header);
    expect((await patchUpload(base, finished.path, as(tokens.staff), 0, bytes)).status).toBe(200);
    await backdate(keyOf(left.path));
    await backdate(keyOf(finished.path));

    // (Other tests of this file may have left unfinished uploads of their own.)
    expect(await new DocumentFiles(join(server.dataDir, 'documents')).sweepAbandoned()).toBeGreaterThanOrEqual(1);
    const remaining = await files();
    expect(remaining).not.toContain(keyOf(left.path));
    expect(remaining).toContain(keyOf(recent.path));
    expect(remaining).toContain(keyOf(finished.path));
    // The device that comes back after all is told to start again.
    expect((await headUpload(base, left.path, as(tokens.staff))).status).toBeGreaterThanOrEqual(404);
  });

  it('answers tus requests with generated headers and metadata (documents and attachments) with 2xx or 4xx, never 5xx', async () => {
    const owners = await server.db.select({ id: posts.id }).from(posts).where(eq(posts.collegeId, refs.collegeId)).limit(3);
    const headerValue = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 });
    const audience = fc.oneof(
      fc.constant(JSON.stringify({ course_ids: [], grade_ids: [], section_ids: [], scope: 'college' })),
      fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
      fc.string({ maxLength: 30 }),
    );
    const attachment = fc.record(
      {
        kind: fc.constantFrom('attachment', 'document', 'Attachment'),
        owner: fc.constantFrom('post', 'event', 'document', ''),
        owner_id: fc.oneof(fc.constantFrom(...owners.map((o) => o.id)), fc.uuid(), fc.string()),
        filename: fc.oneof(fc.constant('foto.jpg'), fc.string({ maxLength: 300 })),
        id: fc.oneof(fc.uuid(), fc.string()),
      },
      { requiredKeys: ['kind'] },
    );
    const metadata = fc.oneof(
      fc
        .record(
          {
            filename: fc.string({ maxLength: 300 }),
            category_id: fc.oneof(fc.constant(categoryId), fc.uuid(), fc.string()),
            audience,
            id: fc.oneof(fc.uuid(), fc.string()),
          },
          { requiredKeys: [] },
        )
        .map((fields) => uploadMetadata(fields)),
      attachment.map((fields) => uploadMetadata(fields)),
      headerValue,
    );
    await fc.assert(
      fc.asyncProperty(metadata, fc.oneof(fc.nat({ max: 300_000 }).map(String), headerValue), headerValue, async (meta, length, offset) => {
        const created = await send(base, 'POST', '/api/v1/uploads', {
          ...as(tokens.staff),
          'tus-resumable': '1.0.0',
          'upload-length': length,
          'upload-metadata': meta,
        });
        expect(created.status, `${created.status} ${created.body.toString()}`).toBeLessThan(500);
        if (created.status !== 201) return;
        const path = created.headers.location ?? '';
        const patched = await send(
          base,
          'PATCH',
          path,
          { ...as(tokens.staff), 'tus-resumable': '1.0.0', 'upload-offset': offset, 'content-type': 'application/offset+octet-stream' },
          Buffer.from('%PDF-'),
        );
        expect(patched.status, patched.body.toString()).toBeLessThan(500);
        expect((await send(base, 'DELETE', path, { ...as(tokens.staff), 'tus-resumable': '1.0.0' })).status).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
