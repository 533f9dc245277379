// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AudienceFields } from '../../../contract/audience';
import { documentUploadsPath, type DocumentRow } from '../../../contract/documents';
import { uuidv7 } from '../../../contract/ids';
import { messages } from '../../../contract/messages';
import { PatioDb } from '../../../src/db/database';
import { documentsDb, type DocumentsDb } from '../../../src/features/documents/documentsDb';
import { queueUploads, removeUpload, retryUpload } from '../../../src/features/documents/uploadQueue';
import { runUploadQueue, type UploadRunnerOptions } from '../../../src/features/documents/uploadRunner';
import { dataModules } from '../../../src/registry/dataModules';
import { tinyPdf } from '../../server/documentsHelpers';
import { bearer } from '../../server/harness';
import { startLiveServer, type LiveServer } from '../sync/syncTestKit';
import { startUploadLink, type UploadLink } from './uploadLink';

/**
 * The upload queue against the real server (PGlite, tus at /api/v1/uploads) on loopback,
 * through a link that counts what crosses it and can cut it (uploadLink.ts), with
 * tus-js-client under Node and the queue in fake-indexeddb.
 */

let server: LiveServer;
let staffToken: string;
let categoryId: string;
const everyone: AudienceFields = { course_ids: [], grade_ids: [], section_ids: [], scope: 'college' };
/** The server's cap in these tests; the device checks the default (50 MB): the server has the last word. */
const cap = 4_000_000;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  server = await startLiveServer({ documentMaxBytes: cap });
  staffToken = await server.tokenOf('staff');
  const categories = await server.app.inject({ method: 'GET', url: '/api/v1/document-categories', headers: { host: 'localhost', ...bearer(staffToken) } });
  categoryId = categories.json<{ data: { id: string }[] }>().data[0]!.id;
}, 60_000);

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(() => server.close(), 30_000);

/** A device's database (a second one of the same name is another tab of that device). */
const freshDb = (name = `patio-test-${uuidv7()}`): DocumentsDb => documentsDb(new PatioDb(name, dataModules));

/** A PDF of about `size` bytes: its type is told by its first bytes, the rest is random. */
const pdfOf = (size: number) => Buffer.concat([tinyPdf('Circular'), randomBytes(size)]);

function startRunner(db: DocumentsDb, origin: string, options: Partial<UploadRunnerOptions> = {}): { stop: () => Promise<void> } {
  const stopped = new AbortController();
  const done = runUploadQueue(db, { endpoint: `${origin}${documentUploadsPath}`, getToken: () => staffToken, random: () => 0, ...options }, stopped.signal);
  const stop = async () => {
    stopped.abort();
    await done;
  };
  cleanups.push(stop);
  return { stop };
}

async function link(shape: Parameters<typeof startUploadLink>[1] = null): Promise<UploadLink> {
  const started = await startUploadLink(server.origin, shape);
  cleanups.push(() => started.close());
  return started;
}

const get = (url: string) => server.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...bearer(staffToken) } });
const until = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 20_000, interval: 50 });

describe('the upload queue against the real server', { timeout: 30_000 }, () => {
  it('sends a queued file, and the server makes the document with the id the device chose', async () => {
    const db = freshDb();
    const bytes = pdfOf(300_000);
    const [id] = await queueUploads(db, [new File([bytes], 'Circular N°3 — apoderados.pdf', { type: 'application/pdf' })], {
      category_id: categoryId,
      audience: everyone,
    });
    expect(await db.uploads.get(id!)).toMatchObject({ state: 'queued', sent: 0, size: bytes.length });

    startRunner(db, server.origin);
    await until(async () => expect(await db.uploads.count()).toBe(0));

    const document = (await get(`/api/v1/documents/${id}`)).json<DocumentRow>();
    expect(document).toMatchObject({
      id,
      title: 'Circular N°3 — apoderados.pdf',
      category_id: categoryId,
      mime_type: 'application/pdf',
      size: bytes.length,
      scope: 'college',
    });
    expect((await get(`/api/v1/documents/${id}/file`)).rawPayload.equals(bytes)).toBe(true);
  });

  it('after the network drops half-way, goes on from the server’s offset: at most one chunk is sent again', async () => {
    const db = freshDb();
    const chunkSize = 256 * 1024;
    const bytes = pdfOf(2_000_000);
    const net = await link();
    const cut = net.cutAfter(bytes.length / 2);
    const [id] = await queueUploads(db, [new File([bytes], 'horario.pdf')], { category_id: categoryId, audience: everyone });
    startRunner(db, net.origin, { chunkSize });

    await cut;
    // What the app shows: paused, waiting for the network.
    await until(async () => expect((await db.uploads.get(id!))?.state).toBe('paused'));
    const beforeRestore = net.patchOffsets().length;
    net.restore();
    await until(async () => expect(await db.uploads.count()).toBe(0));

    expect(net.creations()).toBe(1);
    // The first PATCH after the drop starts where the server's copy ends, not at 0.
    expect(net.patchOffsets()[beforeRestore]).toBeGreaterThan(0);
    expect(net.patchBytes() - bytes.length).toBeLessThanOrEqual(chunkSize);
    expect((await get(`/api/v1/documents/${id}/file`)).rawPayload.equals(bytes)).toBe(true);
  });

  it('left by a tab that closed mid-way, is resumed by the next runner from the server’s offset', async () => {
    const name = `patio-test-${uuidv7()}`;
    const firstTab = freshDb(name);
    const bytes = pdfOf(2_000_000);
    // The link stalls in the third chunk: the first ones are on the server and in the row.
    const net = await link();
    const stalled = net.holdAfter(600 * 1024);
    const [id] = await queueUploads(firstTab, [new File([bytes], 'rubrica.pdf')], { category_id: categoryId, audience: everyone });
    const first = startRunner(firstTab, net.origin, { chunkSize: 256 * 1024 });
    await stalled;
    await first.stop();
    net.release();
    // What it had sent is in its row, for the next runner (which asks the server all the same).
    const row = await firstTab.uploads.get(id!);
    expect(row).toMatchObject({ state: 'queued' });
    expect(row?.sent).toBeGreaterThan(0);
    expect(row?.uploadUrl).toMatch(/\/api\/v1\/uploads\/[0-9a-f]{64}$/);
    const patchesBefore = net.patchOffsets().length;

    const secondTab = freshDb(name);
    startRunner(secondTab, net.origin, { chunkSize: 256 * 1024 });
    await until(async () => expect(await secondTab.uploads.count()).toBe(0));

    expect(net.creations()).toBe(1);
    expect(net.patchOffsets()[patchesBefore]).toBeGreaterThan(0);
    expect((await get(`/api/v1/documents/${id}/file`)).rawPayload.equals(bytes)).toBe(true);
  });

  it('takes a file whose document the server already has (its answer was lost) as sent, without a second document', async () => {
    const db = freshDb();
    const bytes = pdfOf(50_000);
    const [id] = await queueUploads(db, [new File([bytes], 'acta del consejo.pdf')], { category_id: categoryId, audience: everyone });
    const row = (await db.uploads.get(id!))!;
    const runner = startRunner(db, server.origin);
    await until(async () => expect(await db.uploads.count()).toBe(0));
    await runner.stop();

    // The same row again, without its tus address: a new upload of the same document.
    await db.uploads.add(row);
    startRunner(db, server.origin);
    await until(async () => expect(await db.uploads.count()).toBe(0));
    const listed = (await get(`/api/v1/documents?q=${encodeURIComponent('acta del consejo')}`)).json<{ data: DocumentRow[] }>().data;
    expect(listed.map((document) => document.id)).toEqual([id]);
  });

  it('gives up on a connection that answers nothing, pauses, and goes on when asked to', async () => {
    const db = freshDb();
    const bytes = pdfOf(100_000);
    const net = await link();
    net.hang();
    const [id] = await queueUploads(db, [new File([bytes], 'acta.pdf')], { category_id: categoryId, audience: everyone });
    startRunner(db, net.origin, { stallMs: 300 });
    await until(async () => expect((await db.uploads.get(id!))?.state).toBe('paused'));

    net.restore();
    // "Try now": no wait for the backoff.
    await retryUpload(db, id!);
    await until(async () => expect(await db.uploads.count()).toBe(0));
    expect((await get(`/api/v1/documents/${id}/file`)).rawPayload.equals(bytes)).toBe(true);
  });

  it('stops a file the server refuses with the server’s reason, and goes on with the next', async () => {
    const db = freshDb();
    const target = { category_id: categoryId, audience: everyone };
    const exe = Buffer.concat([Buffer.from('MZ'), randomBytes(3000)]);
    const good = pdfOf(20_000);
    const [refusedType] = await queueUploads(db, [new File([exe], 'programa.pdf')], target);
    const [tooLarge] = await queueUploads(db, [new File([Buffer.alloc(cap + 1, 0x20)], 'grande.txt')], target);
    const [noCategory] = await queueUploads(db, [new File([good], 'sin-categoria.pdf')], { ...target, category_id: uuidv7() });
    const [sent] = await queueUploads(db, [new File([good], 'lista.pdf')], target);

    startRunner(db, server.origin);
    await until(async () => expect(await db.uploads.filter((row) => row.state !== 'failed').count()).toBe(0));

    expect((await db.uploads.get(refusedType!))?.error).toEqual({ kind: 'refused', message: messages.documentTypeRefused });
    expect((await db.uploads.get(tooLarge!))?.error).toEqual({ kind: 'refused', message: messages.documentTooLarge });
    expect((await db.uploads.get(noCategory!))?.error).toMatchObject({ kind: 'refused', errors: { category_id: [messages.unknownReference] } });
    expect(await db.uploads.get(sent!)).toBeUndefined();
    expect((await get(`/api/v1/documents/${sent}`)).statusCode).toBe(200);
    expect((await get(`/api/v1/documents/${refusedType}`)).statusCode).toBe(404);
  });

  it('removing a file being sent stops it and deletes what the server had of it', async () => {
    const db = freshDb();
    const bytes = pdfOf(2_000_000);
    // The link stalls in the third chunk: the file is being sent when it is removed.
    const net = await link();
    const stalled = net.holdAfter(600 * 1024);
    const [id] = await queueUploads(db, [new File([bytes], 'borrador.pdf')], { category_id: categoryId, audience: everyone });
    startRunner(db, net.origin, { chunkSize: 256 * 1024 });
    await stalled;
    await until(async () => expect((await db.uploads.get(id!))?.uploadUrl).toBeDefined());
    const { uploadUrl } = (await db.uploads.get(id!))!;

    await removeUpload(db, id!);
    net.release();
    const path = new URL(uploadUrl!).pathname;
    const head = () => server.app.inject({ method: 'HEAD', url: path, headers: { host: 'localhost', 'tus-resumable': '1.0.0', ...bearer(staffToken) } });
    await until(async () => expect((await head()).statusCode).toBe(404));
    expect((await get(`/api/v1/documents/${id}`)).statusCode).toBe(404);
  });
});
