import { messages } from '../../../contract/messages';
import { ApiError, FileUnreadableError, NetworkError } from '../../api/errors';
import { liveQuery } from '../../db/lifecycle';
import { backoffDelay } from '../../sync/engine/backoff';
import type { DocumentsDb, QueuedUpload, UploadError } from './documentsDb';
import { ownersWaiting } from './uploadQueue';

/**
 * Sends the upload queue (uploadQueue.ts), one file at a time, oldest first, with the tus
 * protocol (src/api/tusUpload.ts, tus-js-client). Each file's tus address is kept in its
 * row, so after a dropped network, a reload or a tab closed and opened again the next
 * attempt asks the server how much it has (HEAD) and sends only the rest. Network
 * failures, 5xx, 423 and 429 pause the queue and try again with backoff, or as soon as the
 * browser says it is `online`; any other refusal (4xx) stops that file with the server's
 * message until the person tries again or removes it. A file sent leaves the queue: the
 * server made its document (or attachment) with the row's id, and the sync brings it.
 *
 * An attachment of a post or an event is sent only once its owner has no change left in the
 * outbox (`ownersWaiting`): before, the server has not seen the owner as this device has
 * it, and answers 409 ("not on the server yet") for a post written offline. The queue goes
 * on with the other files meanwhile and watches the outbox, so the file goes up right after
 * the push. An owner that will never be there (deleted: 404; its creation discarded: 409
 * with nothing left in the outbox) drops the file, and its row says so (`ownerGone`).
 *
 * One runner per database: `leadUploadQueue` runs the queue only while this tab holds the
 * device's Web Lock for it; other tabs show the queue from the table.
 */

/**
 * 512 KiB a PATCH. On the "weak" profile (256 kbit/s up, 400 ms) that is about 16 s of
 * sending per request, so one round trip adds ~5 % and the progress bar moves every few
 * seconds; a drop costs at most the part of one chunk still on its way (the server keeps
 * what arrived of a chunk cut short). Larger chunks (1 MiB, ~33 s) raise the odds that a
 * flaky link or a proxy's timeout cuts a request, smaller ones (256 KiB) pay ~10 % in
 * round trips; a chunk is also what the device reads into memory at a time.
 */
export const uploadChunkBytes = 512 * 1024;

/** Progress is written to the row at most this often (tus reports every few KB). */
const progressWriteMs = 1000;

/** Between attempts after a network failure: 1–2 s, doubling, up to 30–60 s (equal jitter). */
const retryBackoff = { base: 2000, max: 60_000 };

/** Retries that need no wait (an offset conflict, an upload gone on the server) before backing off. */
const immediateRetries = 3;

export interface UploadRunnerOptions {
  /** The tus endpoint, absolute (`<origin>/api/v1/uploads`). */
  endpoint: string;
  getToken: () => string | null;
  chunkSize?: number;
  /** Nothing moving for this long ends an attempt as a network failure (default 2 min, src/api/tusUpload.ts). */
  stallMs?: number;
  random?: () => number;
}

/** How an attempt ended for the queue: that file is done with (sent, removed, stopped, refused), or to be tried again. */
type Outcome = { kind: 'next' } | { kind: 'retry'; now: boolean; progressed: boolean };

/** The browser's network events; nothing under Node (the tests). */
function onNetwork(event: 'online' | 'offline', listener: () => void): () => void {
  if (typeof globalThis.addEventListener !== 'function') return () => undefined;
  globalThis.addEventListener(event, listener);
  return () => globalThis.removeEventListener(event, listener);
}

/** Resolves once `holds` is true (watched live, across tabs), or `ms` passed, or `online` fired, or `signal` aborted. */
function until(holds: () => Promise<boolean>, signal: AbortSignal, wakeAfter?: { ms: number }): Promise<void> {
  return new Promise((resolve) => {
    let settled = false;
    const timer = wakeAfter ? setTimeout(finish, wakeAfter.ms) : undefined;
    const offOnline = wakeAfter ? onNetwork('online', finish) : () => undefined;
    const subscription = liveQuery(holds).subscribe({ next: (yes) => yes && finish(), error: finish });
    signal.addEventListener('abort', finish);
    if (signal.aborted) finish();
    function finish() {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      offOnline();
      signal.removeEventListener('abort', finish);
      // Unsubscribing inside the subscription's first `next` must wait for it to exist.
      queueMicrotask(() => subscription.unsubscribe());
      resolve();
    }
  });
}

/** The oldest upload that may go now: not stopped, and not an attachment waiting for its owner. */
async function nextUpload(db: DocumentsDb): Promise<QueuedUpload | undefined> {
  const rows = await db.uploads
    .orderBy('createdAt')
    .filter((row) => row.state !== 'failed')
    .toArray();
  const waiting = await ownersWaiting(db, rows);
  return rows.find((row) => row.kind !== 'attachment' || !waiting.has(row.owner_id));
}

/** The tus `Upload-Metadata` of an upload: a document's (server/documents) or an attachment's (contract/attachments.ts). */
function metadataOf(upload: QueuedUpload): Record<string, string> {
  if (upload.kind === 'attachment')
    return {
      kind: 'attachment',
      owner: upload.owner,
      owner_id: upload.owner_id,
      filename: upload.name,
      id: upload.id,
      ...(upload.alt ? { alt: upload.alt } : {}),
    };
  return { filename: upload.name, category_id: upload.category_id, audience: JSON.stringify(upload.audience), id: upload.id };
}

/** Sends the queue until `signal` aborts. Run it only while holding the queue's lock (`leadUploadQueue`). */
export async function runUploadQueue(db: DocumentsDb, options: UploadRunnerOptions, signal: AbortSignal): Promise<void> {
  let attempt = 0;
  let quickRetries = 0;
  while (!signal.aborted) {
    const upload = await nextUpload(db);
    if (!upload) {
      await until(async () => (await nextUpload(db)) !== undefined, signal);
      continue;
    }
    const outcome = await sendOne(db, upload, options, signal);
    if (outcome.kind === 'next') {
      attempt = 0;
      quickRetries = 0;
      continue;
    }
    if (outcome.progressed) attempt = 0;
    if (outcome.now && quickRetries++ < immediateRetries) continue;
    quickRetries = 0;
    // Paused, the rest of the queue waits too: without a network it would fail the same way.
    await db.uploads.update(upload.id, { state: 'paused' });
    const delay = backoffDelay(attempt++, retryBackoff, options.random);
    // "Try now" (state back to queued) or a removal ends the wait early.
    await until(async () => (await db.uploads.get(upload.id))?.state !== 'paused', signal, { ms: delay });
  }
}

/** One attempt at one upload: from its tus address if it has one, else a new upload. */
async function sendOne(db: DocumentsDb, upload: QueuedUpload, options: UploadRunnerOptions, signal: AbortSignal): Promise<Outcome> {
  const { sendResumable, terminateResumable } = await import('../../api/tusUpload');
  await db.uploads.update(upload.id, { state: 'uploading' });
  const attempt = new AbortController();
  let removed = false;
  // Removed from the queue, in this tab or another: stop sending it.
  const watch = liveQuery(() => db.uploads.get(upload.id)).subscribe({
    next: (row) => {
      if (row) return;
      removed = true;
      attempt.abort();
    },
  });
  // The browser knows before a request times out.
  const offOffline = onNetwork('offline', () => attempt.abort(new NetworkError()));
  let uploadUrl = upload.uploadUrl;
  let sent = upload.sent;
  let lastWrite = 0;
  try {
    await sendResumable({
      endpoint: options.endpoint,
      getToken: options.getToken,
      file: upload.file,
      metadata: metadataOf(upload),
      uploadUrl,
      chunkSize: options.chunkSize ?? uploadChunkBytes,
      stallMs: options.stallMs,
      signal: AbortSignal.any([signal, attempt.signal]),
      onUploadUrl: (url) => {
        if (url === uploadUrl) return;
        uploadUrl = url;
        void db.uploads.update(upload.id, { uploadUrl: url });
      },
      onProgress: (bytes) => {
        sent = bytes;
        const now = Date.now();
        if (now - lastWrite < progressWriteMs) return;
        lastWrite = now;
        void db.uploads.update(upload.id, { sent: bytes });
      },
    });
    await db.uploads.delete(upload.id);
    return { kind: 'next' };
  } catch (error) {
    if (removed) {
      // What the server has of it would wait there for days; a finished one is a document.
      if (uploadUrl) await terminateResumable(uploadUrl, options.getToken).catch(() => undefined);
      return { kind: 'next' };
    }
    if (signal.aborted) {
      // Stopped here (the tab closes, the member signs out): another tab may take it on.
      await db.uploads.update(upload.id, { state: 'queued', sent });
      return { kind: 'next' };
    }
    const outcome = outcomeOf(error, upload, uploadUrl !== undefined);
    const progressed = sent > upload.sent;
    if (outcome === 'ownerNotYet') {
      // A change of the owner came into the outbox meanwhile: the file waits for its push.
      if ((await ownersWaiting(db, [upload])).size > 0) {
        await db.uploads.update(upload.id, { state: 'queued', sent });
        return { kind: 'next' };
      }
    }
    if (outcome === 'ownerGone' || outcome === 'ownerNotYet') {
      // Its post or event will never be on the server: the bytes go, the row tells the member.
      if (uploadUrl) await terminateResumable(uploadUrl, options.getToken).catch(() => undefined);
      await db.uploads.update(upload.id, { state: 'failed', error: { kind: 'ownerGone' }, file: new Blob([]), uploadUrl: undefined, sent: 0 });
      return { kind: 'next' };
    }
    if (outcome === 'exists') {
      // Sent before (its answer lost on the way): the document has this row's id already.
      await db.uploads.delete(upload.id);
      return { kind: 'next' };
    }
    if (outcome === 'gone') {
      // The server forgot it (expired): start again, as a new upload.
      await db.uploads.update(upload.id, { uploadUrl: undefined, sent: 0 });
      return { kind: 'retry', now: true, progressed };
    }
    if (outcome === 'again') return { kind: 'retry', now: true, progressed };
    if (outcome === 'later') {
      await db.uploads.update(upload.id, { sent });
      return { kind: 'retry', now: false, progressed };
    }
    await db.uploads.update(upload.id, { state: 'failed', error: outcome, sent });
    return { kind: 'next' };
  } finally {
    watch.unsubscribe();
    offOffline();
  }
}

/**
 * What to do after a failed attempt: try `again` at once (tus's offset conflict: it asks the
 * server where it is), start over when the server no longer has the upload (`gone`), take
 * the file as sent when the server has a document with its id (`exists`: the app's 409,
 * after an earlier attempt made it), try `later` (no answer, or the server's trouble), or
 * stop with the refusal. An attachment's owner may not be on the server yet
 * (`ownerNotYet`) or be deleted (`ownerGone`: 404 when the upload is created).
 */
function outcomeOf(
  error: unknown,
  upload: QueuedUpload,
  hadAddress: boolean,
): 'again' | 'gone' | 'exists' | 'later' | 'ownerNotYet' | 'ownerGone' | UploadError {
  if (error instanceof NetworkError) return 'later';
  if (error instanceof FileUnreadableError) return { kind: 'unreadable' };
  if (!(error instanceof ApiError)) {
    console.error('upload failed', error);
    return 'later';
  }
  if (error.status >= 500 || error.status === 408 || error.status === 423 || error.status === 429) return 'later';
  if (error.status === 409 && error.message === messages.attachmentOwnerNotYet) return 'ownerNotYet';
  if (error.status === 409) return error.message === messages.conflict ? 'exists' : 'again';
  if ((error.status === 404 || error.status === 410) && hadAddress) return 'gone';
  if (error.status === 404 && upload.kind === 'attachment') return 'ownerGone';
  return {
    kind: 'refused',
    message: error.message,
    ...(Object.keys(error.errors).length > 0 ? { errors: { ...error.errors } as Record<string, string[]> } : {}),
  };
}

/** The Web Lock that makes one tab of the device the queue's only runner. */
export const uploadLockName = (db: DocumentsDb) => `patio-uploads-${db.name}`;

/**
 * Runs the queue while this tab holds the device's lock for it (docs/sync.md, rule
 * 6, for uploads): waits for it when another tab has it, takes over when that tab closes.
 * Returns `stop`, which ends the runner (an upload being sent stays resumable) and gives
 * the lock up.
 */
export function leadUploadQueue(db: DocumentsDb, options: UploadRunnerOptions, locks: LockManager = navigator.locks): () => Promise<void> {
  const stopped = new AbortController();
  const done = locks
    .request(uploadLockName(db), { signal: stopped.signal }, () => runUploadQueue(db, options, stopped.signal))
    .catch((error: unknown) => {
      if (!stopped.signal.aborted) console.error('the upload queue stopped', error);
    });
  return async () => {
    stopped.abort();
    await done;
  };
}
