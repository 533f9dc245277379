import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { attachmentOwnerKinds, maxAttachmentsPerOwner, type Attachment } from '../../contract/attachments';
import type { Event } from '../../contract/events';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import type { Post } from '../../contract/posts';
import type { Change } from '../../contract/sync';
import { attachments } from '../../server/attachments/schema';
import { registry } from '../../server/features';
import { posts } from '../../server/posts/schema';
import { attachmentMetadata, createUpload, listenOnLoopback, patchUpload, tinyPdf, uploadAll, type Answer } from './documentsHelpers';
import { backends, bearer, hostOf, signIn, startServer, type TestServer } from './harness';
import { collegeRefs, eventArgs, postArgs, pullAll, push, type CollegeRefs } from './syncHelpers';

/** A photo as a phone takes it: `width`×`height` pixels, EXIF saying to turn it when `orientation` is 6. */
function photo(width: number, height: number, orientation?: number): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 110, b: 200 } } }).jpeg({ quality: 80 });
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
}

const rowOf = <T>(changes: Change[], entity: string, id: string): T | undefined => {
  const found = changes.findLast((c) => c.entity === entity && c.op === 'upsert' && c.row.id === id);
  return found?.op === 'upsert' ? (found.row as unknown as T) : undefined;
};

describe.each(backends)('attachments of posts and events on $name', (backend) => {
  let server: TestServer;
  let base: string;
  let refs: CollegeRefs;
  const host = hostOf('colinas');
  const tokens = { staff: '', admin: '', student: '', other: '', guardian: '', britishStaff: '' };
  const as = (token: string, onHost = host) => ({ host: onHost, ...bearer(token) });
  const folder = () => join(server.dataDir, 'documents', refs.collegeId);
  const files = () => readdir(folder()).catch(() => [] as string[]);
  const keyOf = async (id: string) => (await server.db.select({ key: attachments.fileKey }).from(attachments).where(eq(attachments.id, id)))[0]?.key ?? '';
  const get = (token: string, url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers: { ...as(token), ...headers } });
  const answerOf = (answer: Answer) => JSON.parse(answer.body.toString()) as Attachment & { message?: string; errors?: Record<string, string[]> };

  async function newPost(sections = ['1° Básico A'], scope: 'students' | 'everyone' = 'students') {
    const args = postArgs(refs, sections, scope);
    const [result] = await push({ app: server.app, host, token: tokens.staff }, [{ name: 'posts.create', args }]);
    expect(result?.status).toBe('applied');
    return args.id;
  }

  beforeAll(async () => {
    server = await startServer(backend, { documentMaxBytes: 2_000_000 });
    refs = await collegeRefs(server.db, 'colinas');
    tokens.staff = await signIn(server.app, host, { email: 'staff@colinas.test' });
    tokens.admin = await signIn(server.app, host, { email: 'admin@colinas.test' });
    tokens.student = await signIn(server.app, host, { email: 'student@colinas.test' });
    tokens.other = await signIn(server.app, host, { email: 'sofia.sepulveda@colinas.test' });
    tokens.guardian = await signIn(server.app, host, { email: 'guardian@colinas.test' });
    tokens.britishStaff = await signIn(server.app, hostOf('british'), { email: 'staff@british.test' });
    base = await listenOnLoopback(server.app);
  });
  afterAll(() => server.close());

  it('declares an owner for every kind of the contract', () => {
    expect([...registry.attachmentOwners.keys()].sort()).toEqual([...attachmentOwnerKinds].sort());
  });

  it("lists a photo in its post's row for the post's audience, and serves each width within the photo's aspect", async () => {
    const postId = await newPost();
    const { changes: before, cursor } = await pullAll({ app: server.app, host, token: tokens.student });
    expect(rowOf<Post>(before, 'posts', postId)?.attachments).toEqual([]);

    const bytes = await photo(3000, 2000);
    const upload = attachmentMetadata('post', postId, 'Acto del 18.jpg');
    const done = await uploadAll(base, as(tokens.staff), bytes, upload.header);
    expect(done.status, done.body.toString()).toBe(200);
    expect(done.headers['patio-attachment-id']).toBe(upload.id);
    const listed = { id: upload.id, name: 'Acto del 18.jpg', mime_type: 'image/jpeg', size: bytes.length, width: 3000, height: 2000, widths: [320, 640, 1280] };
    expect(answerOf(done)).toEqual(listed);

    // The post changed in the feed: the audience's devices get the new list; others nothing.
    const after = await pullAll({ app: server.app, host, token: tokens.student }, cursor);
    expect(rowOf<Post>(after.changes, 'posts', postId)?.attachments).toEqual([listed]);
    const other = await pullAll({ app: server.app, host, token: tokens.other });
    expect(rowOf<Post>(other.changes, 'posts', postId)).toBeUndefined();
    const rest = await get(tokens.student, `/api/v1/posts/${postId}`);
    expect(rest.json<Post>().attachments).toEqual([listed]);

    const url = `/api/v1/attachments/${upload.id}/file`;
    for (const [asked, width] of [
      [1, 320],
      [320, 320],
      [321, 640],
      [640, 640],
      [900, 1280],
    ] as const) {
      const variant = await get(tokens.student, `${url}?w=${asked}`);
      expect(variant.statusCode).toBe(200);
      expect(variant.headers['content-type']).toBe('image/webp');
      expect(variant.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      const shown = await sharp(variant.rawPayload).metadata();
      expect([shown.format, shown.width, shown.height], `w=${asked}`).toEqual(['webp', width, Math.round((width * 2000) / 3000)]);
    }
    // Wider than every variant, or no width asked: the original as it was sent.
    for (const query of ['?w=2000', '']) {
      const original = await get(tokens.student, `${url}${query}`);
      expect(original.headers['content-type']).toBe('image/jpeg');
      expect(original.rawPayload.equals(bytes)).toBe(true);
    }

    // Ranges and validators, as for documents.
    const small = await get(tokens.student, `${url}?w=320`);
    const etag = String(small.headers.etag);
    expect((await get(tokens.student, `${url}?w=320`, { 'if-none-match': etag })).statusCode).toBe(304);
    const part = await get(tokens.student, `${url}?w=320`, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(small.rawPayload.subarray(0, 100))).toBe(true);
    expect((await get(tokens.student, url, { range: 'bytes=10-' })).rawPayload.equals(bytes.subarray(10))).toBe(true);
  });

  it('serves the file only to who may see its owner, on its college host, also by the token cookie an <img> sends', async () => {
    const postId = await newPost();
    const upload = attachmentMetadata('post', postId, 'lista.pdf');
    expect((await uploadAll(base, as(tokens.staff), tinyPdf('Lista de materiales'), upload.header)).status).toBe(200);
    const url = `/api/v1/attachments/${upload.id}/file`;

    expect((await get(tokens.student, url)).statusCode).toBe(200);
    expect((await get(tokens.admin, url)).statusCode).toBe(200);
    expect((await get(tokens.other, url)).statusCode).toBe(404);
    // Guardians are not students: a post for the students of 1° Básico A is not theirs.
    expect((await get(tokens.guardian, url)).statusCode).toBe(404);
    expect((await get(tokens.britishStaff, url, { host: hostOf('british') })).statusCode).toBe(404);
    expect((await get(tokens.student, url, { host: hostOf('british') })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'GET', url, headers: { host } })).statusCode).toBe(401);

    const byCookie = await server.app.inject({ method: 'GET', url, headers: { host, cookie: `token=${tokens.student}` } });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await server.app.inject({ method: 'GET', url, headers: { host, cookie: `token=${tokens.other}` } })).statusCode).toBe(404);
    // The cookie reads files, nothing else.
    const removeByCookie = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/attachments/${upload.id}`,
      headers: { host, cookie: `token=${tokens.staff}` },
    });
    expect(removeByCookie.statusCode).toBe(401);

    // Not an image: no widths, and `w` changes nothing.
    const row = (await get(tokens.student, `/api/v1/posts/${postId}`)).json<Post>();
    expect(row.attachments).toEqual([{ id: upload.id, name: 'lista.pdf', mime_type: 'application/pdf', size: tinyPdf('Lista de materiales').length }]);
    expect((await get(tokens.student, `${url}?w=320`)).headers['content-type']).toBe('application/pdf');
    expect((await get(tokens.student, `${url}?inline=1`)).headers['content-disposition']).toMatch(/^inline; filename="lista.pdf"/);
  });

  it('turns photos by their EXIF orientation, never enlarges them, keeps animations and leaves metadata out of the variants', async () => {
    const eventId = eventArgs(refs, ['1° Básico A'], 'everyone');
    await push({ app: server.app, host, token: tokens.staff }, [{ name: 'events.create', args: eventId }]);
    const turned = attachmentMetadata('event', eventId.id, 'vertical.jpg', uuidv7());
    const turnedBytes = await photo(1200, 800, 6);
    expect((await sharp(turnedBytes).metadata()).orientation).toBe(6);
    expect(answerOf(await uploadAll(base, as(tokens.staff), turnedBytes, turned.header))).toMatchObject({ width: 800, height: 1200, widths: [320, 640, 800] });
    const small = attachmentMetadata('event', eventId.id, 'logo.png', uuidv7());
    const png = await sharp({ create: { width: 200, height: 120, channels: 4, background: '#ffcc00' } })
      .png()
      .toBuffer();
    expect(answerOf(await uploadAll(base, as(tokens.staff), png, small.header))).toMatchObject({ width: 200, height: 120, widths: [200] });

    const largest = await get(tokens.student, `/api/v1/attachments/${turned.id}/file?w=800`);
    const shown = await sharp(largest.rawPayload).metadata();
    expect([shown.width, shown.height, shown.exif, shown.orientation]).toEqual([800, 1200, undefined, undefined]);
    const tiny = await sharp((await get(tokens.student, `/api/v1/attachments/${small.id}/file?w=200`)).rawPayload).metadata();
    expect([tiny.format, tiny.width, tiny.height]).toEqual(['webp', 200, 120]);
    // Wider than the image: its own file, never an enlarged copy.
    expect((await get(tokens.student, `/api/v1/attachments/${small.id}/file?w=320`)).rawPayload.equals(png)).toBe(true);

    // An animation stays one: its size is a frame's, and every frame is resized.
    const frame = (background: string) =>
      sharp({ create: { width: 700, height: 420, channels: 3, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#ff0000'), await frame('#00ff00')], { join: { animated: true } })
      .gif()
      .toBuffer();
    const animated = attachmentMetadata('event', eventId.id, 'saludo.gif', uuidv7());
    expect(answerOf(await uploadAll(base, as(tokens.staff), gif, animated.header))).toMatchObject({
      mime_type: 'image/gif',
      width: 700,
      height: 420,
      widths: [320, 640, 700],
    });
    const moving = await sharp((await get(tokens.student, `/api/v1/attachments/${animated.id}/file?w=320`)).rawPayload, { animated: true }).metadata();
    expect([moving.format, moving.width, moving.pageHeight, moving.pages]).toEqual(['webp', 320, 192, 2]);

    // Listed in the order the files were picked (their ids), whatever order they finished in.
    const { changes } = await pullAll({ app: server.app, host, token: tokens.student });
    expect(rowOf<Event>(changes, 'events', eventId.id)?.attachments?.map((a) => a.name)).toEqual(['vertical.jpg', 'logo.png', 'saludo.gif']);
  });

  it('waits for an owner not yet on the server, and refuses members who may not edit it, a deleted one, a full one and bad metadata', async () => {
    const pending = postArgs(refs, ['1° Básico A'], 'students');
    const early = attachmentMetadata('post', pending.id, 'foto.jpg');
    const refused = await createUpload(base, as(tokens.staff), 100, early.header);
    expect(refused.status).toBe(409);
    expect(answerOf(refused).message).toBe(messages.attachmentOwnerNotYet);
    await push({ app: server.app, host, token: tokens.staff }, [{ name: 'posts.create', args: pending }]);
    expect((await createUpload(base, as(tokens.staff), 100, early.header)).status).toBe(201);

    for (const token of [tokens.student, tokens.guardian]) expect((await createUpload(base, as(token), 100, early.header)).status).toBe(403);
    // Another college's host: no post of its own has that id.
    expect((await createUpload(base, as(tokens.britishStaff, hostOf('british')), 100, early.header)).status).toBe(409);

    const bad = await createUpload(base, as(tokens.staff), 100, attachmentMetadata('document', 'x', '').header);
    expect(bad.status).toBe(422);
    expect(Object.keys(answerOf(bad).errors ?? {}).sort()).toEqual(['filename', 'owner', 'owner_id']);

    const full = await newPost();
    await server.db.insert(attachments).values(
      Array.from({ length: maxAttachmentsPerOwner }, (_, i) => ({
        id: uuidv7(),
        collegeId: refs.collegeId,
        ownerKind: 'post' as const,
        ownerId: full,
        name: `hoja ${i}.txt`,
        mimeType: 'text/plain' as const,
        size: 1,
        sha256: '0'.repeat(64),
        fileKey: '0'.repeat(64),
      })),
    );
    const overFull = await createUpload(base, as(tokens.staff), 100, attachmentMetadata('post', full, 'otra.txt').header);
    expect(overFull.status).toBe(422);
    expect(answerOf(overFull).errors).toEqual({ owner_id: [messages.attachmentLimit] });

    // The owner deleted while its file was on its way: nothing is left of the file.
    const doomed = await newPost();
    const before = await files();
    const bytes = await photo(900, 600);
    const late = attachmentMetadata('post', doomed, 'tarde.jpg');
    const created = await createUpload(base, as(tokens.staff), bytes.length, late.header);
    expect((await patchUpload(base, created.path, as(tokens.staff), 0, bytes.subarray(0, 1000))).status).toBe(204);
    await push({ app: server.app, host, token: tokens.staff }, [{ name: 'posts.delete', args: { id: doomed } }]);
    const finished = await patchUpload(base, created.path, as(tokens.staff), 1000, bytes.subarray(1000));
    expect(finished.status).toBe(404);
    expect(answerOf(finished).message).toBe(messages.postNotFound);
    expect((await files()).sort()).toEqual(before.sort());
    expect((await createUpload(base, as(tokens.staff), 100, attachmentMetadata('post', doomed, 'x.jpg').header)).status).toBe(404);
  });

  it('removes the files of an attachment taken off its owner, and of every attachment of a deleted post or event', async () => {
    const event = eventArgs(refs, ['1° Básico A'], 'everyone');
    await push({ app: server.app, host, token: tokens.staff }, [{ name: 'events.create', args: event }]);
    const first = attachmentMetadata('event', event.id, 'plano.jpg', uuidv7());
    const second = attachmentMetadata('event', event.id, 'horario.txt', uuidv7());
    expect((await uploadAll(base, as(tokens.staff), await photo(800, 600), first.header)).status).toBe(200);
    expect((await uploadAll(base, as(tokens.staff), Buffer.from('Horario: 18:00\n'), second.header)).status).toBe(200);
    const firstKey = await keyOf(first.id);
    const secondKey = await keyOf(second.id);
    // The photo and its three variants (320, 640 and its own 800).
    expect((await files()).filter((name) => name.startsWith(firstKey)).sort()).toEqual(
      [firstKey, `${firstKey}.json`, `${firstKey}.w320.webp`, `${firstKey}.w640.webp`, `${firstKey}.w800.webp`].sort(),
    );

    const [denied] = await push({ app: server.app, host, token: tokens.student }, [{ name: 'attachments.remove', args: { id: first.id } }]);
    expect(denied).toMatchObject({ status: 'rejected', error: { status: 403 } });
    const { cursor } = await pullAll({ app: server.app, host, token: tokens.student });
    const [removed] = await push({ app: server.app, host, token: tokens.staff }, [{ name: 'attachments.remove', args: { id: first.id } }]);
    expect(removed?.status).toBe('applied');
    const { changes } = await pullAll({ app: server.app, host, token: tokens.student }, cursor);
    expect(rowOf<Event>(changes, 'events', event.id)?.attachments?.map((a) => a.id)).toEqual([second.id]);
    expect((await get(tokens.student, `/api/v1/attachments/${first.id}/file`)).statusCode).toBe(404);
    await vi.waitFor(async () => expect((await files()).filter((name) => name.startsWith(firstKey))).toEqual([]));
    expect(await files()).toContain(secondKey);

    await push({ app: server.app, host, token: tokens.staff }, [{ name: 'events.delete', args: { id: event.id } }]);
    await vi.waitFor(async () => expect((await files()).filter((name) => name.startsWith(secondKey))).toEqual([]));
    expect(await server.db.select().from(attachments).where(eq(attachments.ownerId, event.id))).toEqual([]);

    // A post deleted over REST, and an attachment removed over REST.
    const postId = await newPost();
    const kept = attachmentMetadata('post', postId, 'a.txt');
    const dropped = attachmentMetadata('post', postId, 'b.txt');
    for (const upload of [kept, dropped]) expect((await uploadAll(base, as(tokens.staff), Buffer.from('texto\n'), upload.header)).status).toBe(200);
    const [keptKey, droppedKey] = [await keyOf(kept.id), await keyOf(dropped.id)];
    expect((await server.app.inject({ method: 'DELETE', url: `/api/v1/attachments/${dropped.id}`, headers: as(tokens.student) })).statusCode).toBe(403);
    expect((await server.app.inject({ method: 'DELETE', url: `/api/v1/attachments/${dropped.id}`, headers: as(tokens.staff) })).statusCode).toBe(204);
    expect(await files()).not.toContain(droppedKey);
    expect((await server.app.inject({ method: 'DELETE', url: `/api/v1/attachments/${dropped.id}`, headers: as(tokens.staff) })).statusCode).toBe(404);
    const [row] = await server.db
      .select({ attachments: posts.attachments })
      .from(posts)
      .where(and(eq(posts.id, postId)));
    expect(row?.attachments.map((a) => a.id)).toEqual([kept.id]);
    expect((await server.app.inject({ method: 'DELETE', url: `/api/v1/posts/${postId}`, headers: as(tokens.staff) })).statusCode).toBe(204);
    await vi.waitFor(async () => expect(await files()).not.toContain(keptKey));
  });

  it('gives two demo posts a photo, written with its variants when the server starts', async () => {
    const pictured = await server.db.select().from(attachments).where(eq(attachments.collegeId, refs.collegeId));
    const demo = pictured.filter((a) => a.name === 'biblioteca.jpg' || a.name === 'final-basquetbol.jpg');
    expect(demo.map((a) => a.name).sort()).toEqual(['biblioteca.jpg', 'final-basquetbol.jpg']);
    for (const attachment of demo) {
      const file = await get(tokens.staff, `/api/v1/attachments/${attachment.id}/file`);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.length).toBe(attachment.size);
      const variant = await sharp((await get(tokens.staff, `/api/v1/attachments/${attachment.id}/file?w=640`)).rawPayload).metadata();
      expect([variant.width, variant.height]).toEqual([640, 400]);
    }
  });
});
