/**
 * A document upload on the "weak" network with one drop half-way (docs/features/documents.md): how many bytes
 * go over the network twice, and how long the whole upload takes.
 *
 *   npm run bench:documents-upload        (= node --import tsx bench/documentsUpload.ts)
 *
 * Starts the real server (server/main.ts, embedded database in .tmp/bench-documents-upload,
 * on 127.0.0.1:8616) and, in this process, the app's own upload queue
 * (src/features/documents/uploadQueue.ts and uploadRunner.ts: tus-js-client, the 512 KiB
 * chunks, the backoff) on fake-indexeddb, as the staff member of the default college. The
 * queue talks to the server through a loopback link (tests/unit/documents/uploadLink.ts), an
 * HTTP proxy that shapes it like the other benches' "weak" profile — request bodies at
 * 256 kbit/s up, every answer 400 ms late (what Chromium's emulation adds per request;
 * answers are a few hundred bytes, so the 1 Mbit/s down does not matter) — and counts the
 * bytes of PATCH bodies. Once half the file has crossed it cuts the network (every open
 * request dies, new ones are refused) for BENCH_DOWN_S seconds (default 10), then restores
 * it; the queue finds the server's offset (tus HEAD) and sends the rest. The stored file's
 * SHA-256 is checked against the original's.
 *
 * Printed: the time from queueing to the document made (and its parts: the network down,
 * the wait for the queue's next attempt after it came back), the bytes that crossed the link
 * twice (PATCH bytes that crossed − file size), the bytes the device had to hand over again
 * (PATCH bytes taken from it − file size, which adds what was still queued in the link when
 * it was cut), the server's offset at the resume, and whether the bytes sent again fit in
 * one tus chunk (the goal).
 *
 * The size is BENCH_UPLOAD_MB (default 20; decimal, so the cut falls inside a chunk). 20 MB at 256 kbit/s is ~11 minutes of sending
 * alone; a smaller size (BENCH_UPLOAD_MB=2: about 70 s) gives the same figure for the bytes
 * sent again — at most the part of one chunk on its way at the cut, whatever the size — and
 * the bench prints the time projected for 20 MB from the rate it measured: the time grows
 * linearly with the size (size × 8 / 256 kbit/s, plus one 400 ms answer per 512 KiB chunk, ≈ 2.4 %),
 * and the drop adds only its own duration and the queue's backoff. BENCH_UP_KBPS and
 * BENCH_LATENCY_MS change the profile, BENCH_DROP_AT (default 0.5) where the cut falls.
 * Everything it starts (the server, the link) is stopped at the end, also on failure.
 */
import 'fake-indexeddb/auto';
import { createHash, randomBytes } from 'node:crypto';
import { documentUploadsPath } from '../contract/documents';
import { uuidv7 } from '../contract/ids';
import { tinyPdf } from '../server/documents/demoFiles';
import { demoPassword } from '../server/db/demoData';
import { PatioDb } from '../src/db/database';
import { documentsDb } from '../src/features/documents/documentsDb';
import { queueUploads } from '../src/features/documents/uploadQueue';
import { runUploadQueue, uploadChunkBytes } from '../src/features/documents/uploadRunner';
import { dataModules } from '../src/registry/dataModules';
import { startUploadLink } from '../tests/unit/documents/uploadLink';
import { freshDataDir, runBench, sleep, startChild, waitForHttp } from './lib/harness';

const port = 8616;
const clamp = (value: number, low: number, high: number) => Math.min(Math.max(Number.isFinite(value) ? value : low, low), high);
const sizeMb = clamp(Number(process.env.BENCH_UPLOAD_MB ?? 20), 0.5, 50);
const upKbps = clamp(Number(process.env.BENCH_UP_KBPS ?? 256), 16, 1_000_000);
const latencyMs = clamp(Number(process.env.BENCH_LATENCY_MS ?? 400), 0, 5000);
const dropAt = clamp(Number(process.env.BENCH_DROP_AT ?? 0.5), 0.05, 0.95);
const downSeconds = clamp(Number(process.env.BENCH_DOWN_S ?? 10), 0, 300);
// Decimal megabytes: half the file then falls inside a chunk, not on a chunk's edge.
const size = Math.round(sizeMb * 1_000_000);
const sendingSeconds = (size * 8) / (upKbps * 1000);
// Twice the sending time, the drop, and five minutes for the rest.
const limitMs = (sendingSeconds * 2 + downSeconds + 300) * 1000;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const bytes = (n: number) => `${n.toLocaleString('en')} B`;

runBench('documents upload', limitMs, async (cleanup) => {
  const dataDir = freshDataDir(cleanup, 'bench-documents-upload');
  const server = startChild(cleanup, `patio server :${port}`, ['--import', 'tsx', 'server/main.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    PATIO_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PATIO_DOCUMENT_MAX_BYTES: String(Math.max(size + 1024 * 1024, 50 * 1024 * 1024)),
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${origin}/api/health`, server.child, 120_000);
  } catch (error) {
    console.error(server.output());
    throw error;
  }

  // Loopback selects the default demo college.
  const signIn = await fetch(`${origin}/api/login-mobile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'staff@colinas.test', password: demoPassword }),
  });
  const { token } = (await signIn.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const categories = (await (await fetch(`${origin}/api/v1/document-categories`, { headers: auth })).json()) as { data: { id: string }[] };

  const link = await startUploadLink(origin, { upKbps, latencyMs });
  cleanup.add('close the link', () => link.close());

  const db = documentsDb(new PatioDb(`bench-${uuidv7()}`, dataModules));
  const file = Buffer.concat([tinyPdf('Bench'), randomBytes(size - tinyPdf('Bench').length)]);
  console.log(
    `documents upload: ${bytes(file.length)} (${sizeMb} MB) at ${upKbps} kbit/s up, answers ${latencyMs} ms late; chunk ${bytes(uploadChunkBytes)}; cut after ${Math.round(dropAt * 100)} %, down ${downSeconds} s`,
  );
  console.log(`sending alone would take ${seconds(sendingSeconds * 1000)}`);

  const stop = new AbortController();
  cleanup.add('stop the queue', () => stop.abort());
  const started = Date.now();
  const [id] = await queueUploads(db, [new File([file], 'bench.pdf', { type: 'application/pdf' })], {
    category_id: categories.data[0]!.id,
    audience: { course_ids: [], grade_ids: [], section_ids: [], scope: 'college' },
  });
  const running = runUploadQueue(db, { endpoint: `${link.origin}${documentUploadsPath}`, getToken: () => token }, stop.signal);

  await link.cutAfter(Math.floor(file.length * dropAt));
  const cutAt = Date.now();
  const crossedAtCut = link.patchBytes();
  const takenAtCut = link.patchBytesTaken();
  const patchesBefore = link.patchOffsets().length;
  console.log(`cut after ${seconds(cutAt - started)}: ${bytes(crossedAtCut)} had crossed`);
  await sleep(downSeconds * 1000);
  link.restore();
  const restoredAt = Date.now();

  // Done when the queue's row is gone (the runner deletes it once the server made the document).
  let resumedAt: number | null = null;
  while ((await db.uploads.count()) > 0) {
    if (resumedAt === null && link.patchOffsets().length > patchesBefore) resumedAt = Date.now();
    if (Date.now() - started > limitMs) throw new Error('the upload did not finish');
    await sleep(200);
  }
  const doneAt = Date.now();
  stop.abort();
  await running;

  const stored = await fetch(`${origin}/api/v1/documents/${id}/file`, { headers: auth });
  const same = sha256(new Uint8Array(await stored.arrayBuffer())) === sha256(file);
  const resumeOffset = link.patchOffsets()[patchesBefore] ?? NaN;
  const sentAgain = link.patchBytes() - file.length;
  const handedAgain = link.patchBytesTaken() - file.length;
  const total = doneAt - started;
  const waited = (resumedAt ?? restoredAt) - restoredAt;
  const moving = total - (restoredAt - cutAt) - waited;

  console.log(`server's offset at the resume: ${bytes(resumeOffset)} (${bytes(crossedAtCut - resumeOffset)} of what had crossed was lost in the cut)`);
  console.log(
    `bytes sent again (crossed the link twice): ${bytes(sentAgain)}; one chunk is ${bytes(uploadChunkBytes)}: ${sentAgain <= uploadChunkBytes ? 'within one chunk (goal met)' : 'MORE than one chunk (goal missed)'}`,
  );
  console.log(
    `bytes the device handed over again (taken by the link twice): ${bytes(handedAgain)} (${bytes(takenAtCut - crossedAtCut)} were still queued in the link at the cut)`,
  );
  console.log(
    `total time, queued → document made: ${seconds(total)} (network down ${seconds(restoredAt - cutAt)}, then ${seconds(waited)} until the queue's next attempt; moving bytes ${seconds(moving)})`,
  );
  console.log(`stored file's SHA-256 ${same ? 'equals' : 'DIFFERS FROM'} the original's`);
  const rate = file.length / (moving / 1000);
  const twentyMb = 20_000_000;
  console.log(
    `effective rate ${((rate * 8) / 1000).toFixed(0)} kbit/s of ${upKbps}; 20 MB at that rate: ${seconds((twentyMb / rate) * 1000)} of sending, plus the drop's own ${seconds(restoredAt - cutAt + waited)}`,
  );
  if (!same) throw new Error('the stored file differs from the original');
});
