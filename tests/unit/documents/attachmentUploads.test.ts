// @vitest-environment node
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { documentUploadsPath } from '../../../contract/documents';
import { uuidv7 } from '../../../contract/ids';
import { messages } from '../../../contract/messages';
import { PatioDb } from '../../../src/db/database';
import { documentsDb, type DocumentsDb } from '../../../src/features/documents/documentsDb';
import { queueAttachments, queueUploads } from '../../../src/features/documents/uploadQueue';
import { runUploadQueue } from '../../../src/features/documents/uploadRunner';
import { postsDb, type PostsDb } from '../../../src/features/posts/postsDb';
import { dataModules } from '../../../src/registry/dataModules';
import { createSyncEngine, type SyncEngine } from '../../../src/sync/engine/syncEngine';
import { discard } from '../../../src/sync/outboxActions';
import { tinyPdf } from '../../server/documentsHelpers';
import { bearer } from '../../server/harness';
import { newPostArgs, startLiveServer, writePost, type LiveServer } from '../sync/syncTestKit';
import { startUploadLink } from './uploadLink';

/**
 * Attachments of posts through the device's upload queue, against the real server (PGlite,
 * tus at /api/v1/uploads) on loopback, with the real sync engine pushing the posts (real
 * parts, no mocks): a file waits for its post's outbox entry, and a post that will never be on the server
 * drops its files.
 */

let server: LiveServer;
let staffToken: string;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  server = await startLiveServer();
  staffToken = await server.tokenOf('staff');
}, 60_000);

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(() => server.close(), 30_000);

const until = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 20_000, interval: 50 });

interface Device {
  db: DocumentsDb & PostsDb;
  engine: SyncEngine;
}

/** A staff member's device that has pulled the college's reference data; it pushes only when told (`engine.syncNow`). */
async function device(): Promise<Device> {
  const db = postsDb(documentsDb(new PatioDb(`patio-test-${uuidv7()}`, dataModules))) as DocumentsDb & PostsDb;
  const engine = createSyncEngine({ db, origin: server.origin, token: staffToken, live: false, random: () => 0.5, log: () => undefined });
  cleanups.push(() => engine.stop());
  await engine.start();
  await engine.syncNow('user');
  return { db, engine };
}

function startRunner(db: DocumentsDb, origin: string, token = staffToken): void {
  const stopped = new AbortController();
  const done = runUploadQueue(db, { endpoint: `${origin}${documentUploadsPath}`, getToken: () => token, random: () => 0 }, stopped.signal);
  cleanups.push(async () => {
    stopped.abort();
    await done;
  });
}

/** A File of these bytes (copied: a File takes an ArrayBuffer's view, not a Buffer's pooled one). */
const fileOf = (bytes: Buffer, name: string, type = '') => new File([new Uint8Array(bytes)], name, { type });

const photo = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 40, g: 110, b: 200 } } })
    .jpeg({ quality: 80 })
    .toBuffer();

describe('attachments in the upload queue', { timeout: 40_000 }, () => {
  it('waits while its post is unsent, sends the library’s files meanwhile, then goes up after the push, and the post’s row lists it', async () => {
    const { db, engine } = await device();
    const link = await startUploadLink(server.origin);
    cleanups.push(() => link.close());
    const post = await newPostArgs(db, { title: 'Acto del 18' });
    await writePost(db, 'posts.create', post);
    const bytes = await photo();
    const [attachmentId] = await queueAttachments(db, [fileOf(bytes, 'acto.jpg', 'image/jpeg')], { owner: 'post', owner_id: post.id, title: post.title });
    // Queued after the photo: sent first, as the photo waits for its post.
    const [category] = await db.documentCategories.toArray();
    await queueUploads(db, [fileOf(tinyPdf('Circular'), 'circular.pdf')], {
      category_id: category!.id,
      audience: { course_ids: [], grade_ids: [], section_ids: [], scope: 'college' },
    });
    startRunner(db, link.origin);

    await until(async () => expect(await db.uploads.count()).toBe(1));
    expect(await db.uploads.get(attachmentId!)).toMatchObject({ state: 'queued', sent: 0, kind: 'attachment', owner_id: post.id, ownerTitle: 'Acto del 18' });
    // The photo never asked the server: only the library's file was created.
    expect(link.creations()).toBe(1);

    await engine.syncNow('user');
    await until(async () => expect(await db.uploads.count()).toBe(0));
    await engine.syncNow('user');
    const row = await db.posts.get(post.id);
    expect(row?.attachments).toEqual([
      { id: attachmentId, name: 'acto.jpg', mime_type: 'image/jpeg', size: bytes.length, width: 900, height: 600, widths: [320, 640, 900] },
    ]);
    expect(link.creations()).toBe(2);
  });

  it('drops a file whose post was deleted on the server, and keeps a row that says so without the bytes', async () => {
    const { db, engine } = await device();
    const post = await newPostArgs(db, { title: 'Salida pedagógica' });
    await writePost(db, 'posts.create', post);
    await engine.syncNow('user');
    const deleted = await server.app.inject({ method: 'DELETE', url: `/api/v1/posts/${post.id}`, headers: { host: 'localhost', ...bearer(staffToken) } });
    expect(deleted.statusCode).toBeLessThan(300);

    const [id] = await queueAttachments(db, [fileOf(tinyPdf('Autorización'), 'autorizacion.pdf')], { owner: 'post', owner_id: post.id, title: post.title });
    startRunner(db, server.origin);
    await until(async () => expect((await db.uploads.get(id!))?.state).toBe('failed'));
    const row = await db.uploads.get(id!);
    expect(row?.error).toEqual({ kind: 'ownerGone' });
    expect(row?.file.size).toBe(0);
  });

  it('drops a file whose post was discarded before it was sent (the server answers "not there yet" and nothing is left to wait for)', async () => {
    const { db } = await device();
    const post = await newPostArgs(db, { title: 'Borrador' });
    await writePost(db, 'posts.create', post);
    const [entry] = await db.outbox.toArray();
    const [id] = await queueAttachments(db, [fileOf(tinyPdf('Borrador'), 'borrador.pdf')], { owner: 'post', owner_id: post.id, title: post.title });
    startRunner(db, server.origin);
    await discard(db, entry!.seq!);

    await until(async () => expect((await db.uploads.get(id!))?.error).toEqual({ kind: 'ownerGone' }));
    expect(await server.fetchPost(post.id)).toBeNull();
  });

  it('stops a file the server refuses (a member who may not edit the post) with the server’s message', async () => {
    const { db, engine } = await device();
    const post = await newPostArgs(db, { title: 'Reunión' });
    await writePost(db, 'posts.create', post);
    await engine.syncNow('user');
    const [id] = await queueAttachments(db, [fileOf(tinyPdf('Acta'), 'acta.pdf')], { owner: 'post', owner_id: post.id, title: post.title });
    startRunner(db, server.origin, await server.tokenOf('student'));

    await until(async () => expect((await db.uploads.get(id!))?.state).toBe('failed'));
    expect((await db.uploads.get(id!))?.error).toEqual({ kind: 'refused', message: messages.forbidden });
  });
});
