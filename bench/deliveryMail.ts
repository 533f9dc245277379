/**
 * One post's emails to a college of 5,000 members who chose an email for each post
 * (docs/features/delivery.md): the time, CPU and memory the server's delivery code
 * (server/delivery/plan.ts `planDue`, server/delivery/emailJob.ts `sendDueEmails`, the mail
 * door server/mail/mailer.ts) takes to hand every email to the college's SMTP server, beside
 * plain nodemailer sending the same number of mails of the same size to the same server.
 *
 *   npm run bench:delivery-mail        (= node --expose-gc --import tsx bench/deliveryMail.ts)
 *
 * Database: PGlite in memory (as `npm start`, embedded in this process), or PostgreSQL when
 * BENCH_DATABASE_URL (else DATABASE_URL) is set: that URL is used only to drop and create a
 * throwaway database `patio_bench_delivery_mail` on the same server (dropped at the end);
 * the database it names is never written. Migrated and seeded with the demo colleges; colinas
 * grown with generated members (bench/lib/loadDevices.ts `addMembers`) until a post to the
 * whole college is addressed to BENCH_MEMBERS members (default 5,000; the author is not one),
 * each with `member_delivery.posts = 'immediate'`. `smtp_settings` point at an SMTP sink on
 * 127.0.0.1:8617 (bench/lib/smtpSink.ts: smtp-server in a process of its own, counting
 * messages, discarding their content), security `none`; `delivery_settings.mails_per_second`
 * is written straight into the table: BENCH_MAIL_RATE (default 1000, the most the
 * administrators' screen accepts). The rate caps the throughput: 5,000 mails take at least
 * 5 s at 1,000 a second, printed beside the figures as the floor.
 *
 * Measured run ("server"): a post to the whole college (≈1 KB of HTML) is published through
 * the server's own `createPost` in `writeInCollege` (not timed); then, timed from there, in
 * real time (`now` = the clock, as the job runner gives it), a loop of `planDue` +
 * `sendDueEmails` (the job's body; it sleeps 10 ms when a call hands nothing over: the
 * rate's second is spent) until every email is recorded, at most 30,000 loops and 4 minutes.
 * Figures: plan (the first `planDue`), recorded (every mail in `mail_outbox`), handed over
 * (the sink's end of the last message's data), settled (`mailer.idle()`: every outbox row
 * marked `sent`); this process's CPU (`process.cpuUsage`, user + system; with PostgreSQL the
 * database's own processes are not in it, with PGlite they are); its memory (rss, heapUsed),
 * sampled every 100 ms: start, peak, end, and with --expose-gc the heap after a full GC at
 * start and end (what the run left behind). The outbox rows of the post's deliveries must
 * all be `sent` and the sink must have received exactly that many mails, or nothing is
 * printed for the run.
 *
 * Reference run: the same number of `sendMail` calls of plain nodemailer, at once, through
 * one pooled transport with the mailer's pool settings (3 connections), of one of the
 * server's own rendered mails (same subject, text, HTML and headers), each to another
 * address, to the same sink. Same figures (handed over; done = every `sendMail` resolved).
 *
 * Before the runs, one warm-up of each (a post to one section, and as many plain sends) is
 * not counted; then BENCH_RUNS (default 3, 1–10) pairs, alternating reference and server.
 * Prints each run, the medians side by side and the ratios server / reference.
 * Goal (printed, never asserted): handed over within 1.5× of the reference, memory flat.
 * BENCH_PROFILE=1 (diagnosis; the figures of those runs are slower): CPU profiles (node:inspector)
 * of the last reference and server runs, self time by source and by function (written to
 * .tmp/bench-delivery-mail, removed at the end unless PATIO_BENCH_KEEP=1); every database
 * statement of the server run timed, by its text; the sink's count after each call of
 * `sendDueEmails`; and the heap after a full GC at the moment every mail is recorded.
 * Loopback only; everything it starts is stopped at the end, also on failure (15-minute limit).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { cpus, loadavg } from 'node:os';
import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import Fastify from 'fastify';
import { createTransport } from 'nodemailer';
import pg from 'pg';
import { keysOfAudience } from '../contract/audience';
import { uuidv7 } from '../contract/ids';
import { openDatabase, type Database, type OpenDatabase } from '../server/db/client';
import { grades, mailOutbox, sections, smtpSettings, userSections, users } from '../server/db/schema';
import { seedDemoData } from '../server/db/seed';
import { sendDueEmails } from '../server/delivery/emailJob';
import { addressedMembers } from '../server/delivery/members';
import { planDue } from '../server/delivery/plan';
import { deliveryItems, deliverySettings, itemDeliveries, memberDelivery } from '../server/delivery/schema';
import { features, registry } from '../server/features';
import { createMailer } from '../server/mail/mailer';
import { loadSecretKey } from '../server/mail/secretKey';
import { createPost } from '../server/posts/postService';
import { categories } from '../server/posts/schema';
import { loadViewer } from '../server/sync/viewer';
import { writeInCollege } from '../server/sync/writeInCollege';
import { epochNow, figures, freshDataDir, ms, runBench, sleep, type Cleanup } from './lib/harness';
import { addMembers, loadCollege } from './lib/loadDevices';

const smtpPort = 8617;
const bounded = (name: string, fallback: number, min: number, max: number) =>
  Math.min(Math.max(Math.round(Number(process.env[name] ?? fallback) || fallback), min), max);
const memberCount = bounded('BENCH_MEMBERS', 5000, 100, 20_000);
const runs = bounded('BENCH_RUNS', 3, 1, 10);
const mailRate = bounded('BENCH_MAIL_RATE', 1000, 1, 100_000);
const profile = process.env.BENCH_PROFILE === '1';
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const databaseName = 'patio_bench_delivery_mail';
const runLimitMs = 4 * 60_000;
const maxLoops = 30_000;
const fromAddress = 'no-reply@colinas.test';
const gc = (globalThis as { gc?: () => void }).gc;

/** ≈1 KB of the sanitised HTML a post carries (paragraphs, emphasis, a list). */
const postHtml = [
  '<p>La dirección informa <strong>el calendario de evaluaciones del segundo semestre</strong>. Les pedimos revisar la información con sus hijos y confirmar la asistencia a través del profesor jefe.</p>',
  '<p>La coordinación académica recuerda las inscripciones a los talleres. Recuerden traer la autorización firmada antes del viernes; sin ella no será posible participar. Para consultas, pueden escribir a la secretaría del colegio o acercarse a inspectoría en horario de atención.</p>',
  '<ul><li>la feria científica</li><li>la semana de la lectura</li><li>el torneo interescolar</li></ul>',
  '<p>El centro de padres invita a la reunión de apoderados. La actividad se realizará en el gimnasio principal y contará con la participación de toda la comunidad. Agradecemos de antemano la colaboración de las familias y la puntualidad de todos los asistentes.</p>',
].join('');

// ---- figures of a run

interface MemorySample {
  at: number;
  rss: number;
  heap: number;
}

/** This process's memory every 100 ms, for the whole benchmark; each run reads its own stretch. */
class MemorySampler {
  readonly samples: MemorySample[] = [];
  private readonly timer = setInterval(() => this.samples.push(this.take()), 100);

  take(): MemorySample {
    const { rss, heapUsed } = process.memoryUsage();
    return { at: epochNow(), rss, heap: heapUsed };
  }

  between(from: number, to: number): MemorySample[] {
    return this.samples.filter((s) => s.at >= from && s.at <= to);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

interface Run {
  kind: 'server' | 'reference';
  mails: number;
  /** From the start to the sink's end of the last message. */
  handedMs: number;
  /** From the start to: server, every outbox row `sent` (mailer idle); reference, every `sendMail` resolved. */
  doneMs: number;
  /** Server only: the first planDue, and every mail recorded in the outbox. */
  planMs?: number;
  recordedMs?: number;
  cpuRecordedMs?: number;
  loops?: number;
  /** CPU of this process (user + system) until handed over, and until done. */
  cpuHandedMs: number;
  cpuDoneMs: number;
  start: MemorySample;
  end: MemorySample;
  peakRss: number;
  peakHeap: number;
  /** Heap after a full GC before the start and after the end (--expose-gc), else null. */
  gcHeapStart: number | null;
  gcHeapEnd: number | null;
  /** Heap used every 0.5 s (MiB), for a look at the curve. */
  curve: number[];
  samples: number;
  bytesPerMail: number;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

function memoryOf(sampler: MemorySampler, start: MemorySample, end: MemorySample): Pick<Run, 'peakRss' | 'peakHeap' | 'curve' | 'samples'> {
  const samples = [start, ...sampler.between(start.at, end.at), end];
  const curve: number[] = [];
  for (const s of samples) if (curve.length === 0 || s.at - start.at >= curve.length * 500) curve.push(Math.round(s.heap / 1024 / 1024));
  return { peakRss: Math.max(...samples.map((s) => s.rss)), peakHeap: Math.max(...samples.map((s) => s.heap)), curve, samples: samples.length - 2 };
}

const fullGc = () => {
  if (!gc) return null;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

// ---- the SMTP sink, in its own process

interface Sink {
  port: number;
  /** Resolves once `total` messages have been received since the sink started (or at the time-out). */
  waitFor(total: number, timeoutMs: number): Promise<{ count: number; bytes: number; lastAt: number }>;
}

async function startSink(cleanup: Cleanup): Promise<Sink> {
  const child: ChildProcess = fork('bench/lib/smtpSink.ts', [String(smtpPort)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  cleanup.add('stop the SMTP sink', () => stopChild(child));
  const listeners = new Set<(message: { type: string; count?: number; bytes?: number; lastAt?: number }) => void>();
  child.on('message', (message: { type: string }) => listeners.forEach((listener) => listener(message)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the SMTP sink did not start within 30 s')), 30_000);
    child.once('exit', (code) => reject(new Error(`the SMTP sink exited (${code})`)));
    const ready = (message: { type: string }) => {
      if (message.type !== 'ready') return;
      clearTimeout(timer);
      listeners.delete(ready);
      resolve();
    };
    listeners.add(ready);
  });
  return {
    port: smtpPort,
    waitFor: (total, timeoutMs) =>
      new Promise((resolve) => {
        const answer = (message: { type: string; count?: number; bytes?: number; lastAt?: number }) => {
          if (message.type !== 'count') return;
          listeners.delete(answer);
          resolve({ count: message.count ?? 0, bytes: message.bytes ?? 0, lastAt: message.lastAt ?? 0 });
        };
        listeners.add(answer);
        child.send({ type: 'wait', count: total, timeoutMs });
      }),
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

// ---- the database

async function openBenchDatabase(cleanup: Cleanup): Promise<{ database: OpenDatabase; label: string }> {
  if (!postgresUrl) {
    const database = await openDatabase({ memory: true });
    cleanup.add('close the database', () => database.close());
    return { database, label: 'PGlite in memory (in this process)' };
  }
  const adminUrl = postgresUrl;
  const benchUrl = new URL(postgresUrl);
  benchUrl.pathname = `/${databaseName}`;
  const recreate = async (drop: boolean) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      if (!drop) await admin.query(`create database ${databaseName}`);
      return String((await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '?');
    } finally {
      await admin.end();
    }
  };
  const version = await recreate(false);
  if (!process.env.PATIO_BENCH_KEEP) cleanup.add(`drop ${databaseName}`, async () => void (await recreate(true)));
  const database = await openDatabase({ url: benchUrl.toString() });
  cleanup.add('close the database', () => database.close());
  return { database, label: `PostgreSQL ${version} (${benchUrl.host}/${databaseName}, its own processes)` };
}

interface College {
  collegeId: string;
  staff: typeof users.$inferSelect;
  categoryId: string;
  sectionId: string;
}

/** The demo college grown to `memberCount` addressees of a post to everyone, each choosing an email per post. */
async function prepareCollege(db: Database): Promise<College> {
  await seedDemoData(db, features);
  const college = await loadCollege(db);
  const collegeId = college.collegeId;
  const [staff] = await db
    .select()
    .from(users)
    .where(and(eq(users.collegeId, collegeId), eq(users.email, 'staff@colinas.test')));
  if (!staff) throw new Error('no staff@colinas.test');
  const everyone = { audienceKeys: keysOfAudience({ scope: 'college', section_ids: [] }), scope: 'college' as const, authorId: staff.id };
  const demo = await addressedMembers(db, collegeId, everyone);
  if (demo.length > memberCount) throw new Error(`the demo college alone has ${demo.length} addressees: BENCH_MEMBERS must be at least that`);
  await addMembers(db, college, memberCount - demo.length);
  const addressees = await addressedMembers(db, collegeId, everyone);
  if (addressees.length !== memberCount) throw new Error(`a post to everyone reaches ${addressees.length} members, not ${memberCount}`);
  for (let i = 0; i < addressees.length; i += 1000) {
    await db
      .insert(memberDelivery)
      .values(addressees.slice(i, i + 1000).map((userId) => ({ userId, collegeId, posts: 'immediate' as const })))
      .onConflictDoUpdate({ target: memberDelivery.userId, set: { posts: 'immediate' } });
  }
  // What the seed scheduled (demo posts) is delivered before: nothing but the bench's posts is due.
  await db.update(deliveryItems).set({ plannedAt: new Date() }).where(isNull(deliveryItems.plannedAt));
  await db.update(itemDeliveries).set({ emailDueAt: null, pushDueAt: null }).where(isNotNull(itemDeliveries.emailDueAt));
  await db
    .insert(smtpSettings)
    .values({ id: uuidv7(), collegeId, host: '127.0.0.1', port: smtpPort, security: 'none', fromAddress, fromName: 'Colegio Las Colinas' });
  await db
    .insert(deliverySettings)
    .values({ collegeId, mailsPerSecond: mailRate, site: 'http://localhost:8080' })
    .onConflictDoUpdate({ target: deliverySettings.collegeId, set: { mailsPerSecond: mailRate, site: 'http://localhost:8080' } });
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.collegeId, collegeId)).limit(1);
  // The section with the most addressees: the warm-up's post.
  const [section] = await db
    .select({ id: userSections.sectionId })
    .from(userSections)
    .where(eq(userSections.collegeId, collegeId))
    .groupBy(userSections.sectionId)
    .orderBy(desc(count()))
    .limit(1);
  if (!category || !section) throw new Error('no category or section in colinas');
  return { collegeId, staff, categoryId: category.id, sectionId: section.id };
}

async function publish(db: Database, college: College, sectionId: string | null): Promise<string> {
  const viewer = await loadViewer(db, college.staff);
  const id = uuidv7();
  const section = sectionId
    ? await db
        .select({ gradeId: grades.id, courseId: grades.courseId })
        .from(sections)
        .innerJoin(grades, eq(grades.id, sections.gradeId))
        .where(eq(sections.id, sectionId))
    : [];
  await writeInCollege(db, college.collegeId, (write) =>
    createPost(
      write,
      { user: college.staff, viewer, origin: { via: 'rest', deviceId: null, sessionId: null, userAgent: 'bench', site: 'http://localhost:8080' } },
      {
        id,
        title: `Reunión de apoderados y calendario de evaluaciones ${id.slice(-6)}`,
        content: postHtml,
        category_id: college.categoryId,
        scope: sectionId ? 'everyone' : 'college',
        section_ids: sectionId ? [sectionId] : [],
        grade_ids: section.map((s) => s.gradeId),
        course_ids: section.map((s) => s.courseId),
      },
    ),
  );
  return id;
}

runBench('bench:delivery-mail', 15 * 60_000, async (cleanup) => {
  console.log(
    `machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, Node ${process.version}${gc ? '' : ' (no --expose-gc: no heap-after-GC figures)'}`,
  );
  const dataDir = freshDataDir(cleanup, 'bench-delivery-mail');
  const sink = await startSink(cleanup);
  const started = performance.now();
  const { database, label } = await openBenchDatabase(cleanup);
  await database.migrate();
  const db = database.db;
  const college = await prepareCollege(db);
  console.log(`${label}: ${memberCount.toLocaleString('en')} addressees choosing an email per post, ready in ${ms(performance.now() - started)}`);
  console.log(`mails_per_second = ${mailRate}: ${memberCount.toLocaleString('en')} mails take at least ${ms((memberCount / mailRate) * 1000)} at that rate`);

  const log = Fastify({ logger: false }).log;
  const mailer = createMailer(db, log, { secretKey: loadSecretKey(dataDir, {}) });
  const services = { mailer, log };
  const sampler = new MemorySampler();
  cleanup.add('stop sampling', () => sampler.stop());
  /** The sink's totals after the last run: each run's own are the difference. */
  let received = 0;
  let lastBytes = 0;

  async function startProfile(): Promise<() => Promise<CpuProfile>> {
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    return async () => {
      const { profile: data } = await session.post('Profiler.stop');
      session.disconnect();
      return data as unknown as CpuProfile;
    };
  }

  async function serverRun(sectionId: string | null, profiled: boolean): Promise<Run> {
    const postId = await publish(db, college, sectionId);
    const gcHeapStart = fullGc();
    const stopProfile = profiled ? await startProfile() : null;
    const statements = profiled ? timeStatements(db, database.kind) : null;
    const start = sampler.take();
    const cpu = process.cpuUsage();
    const deadline = start.at + runLimitMs;
    let planned = 0;
    let recorded = 0;
    let loops = 0;
    let planMs = 0;
    const progress: string[] = [];
    for (; loops < maxLoops && epochNow() < deadline; loops++) {
      planned += await planDue(db, new Date(), registry.deliverables);
      if (loops === 0) planMs = epochNow() - start.at;
      const handed = await sendDueEmails(db, new Date(), registry.deliverables, services);
      recorded += handed;
      if (profiled) progress.push(`${ms(epochNow() - start.at)}: ${recorded} recorded, ${(await sink.waitFor(0, 1000)).count - received} at the sink`);
      if (recorded >= planned && planned > 0) break;
      if (handed === 0) await sleep(10);
    }
    const recordedAt = epochNow();
    const cpuRecorded = cpuMs(process.cpuUsage(cpu));
    // Profiled run only (a full GC there disturbs the timing): what is alive once every mail is recorded.
    const liveAtRecorded = profiled ? fullGc() : null;
    const waitingAtRecorded = profiled ? recorded - ((await sink.waitFor(0, 1000)).count - received) : 0;
    if (planned === 0 || recorded < planned) throw new Error(`${planned} planned, ${recorded} recorded after ${loops + 1} loops`);
    if (sectionId === null && planned !== memberCount) throw new Error(`the post to everyone was planned for ${planned} members, not ${memberCount}`);
    const got = await sink.waitFor(received + recorded, Math.max(1000, deadline - epochNow()));
    const cpuHanded = cpuMs(process.cpuUsage(cpu));
    await mailer.idle();
    const doneAt = epochNow();
    const cpuDone = cpuMs(process.cpuUsage(cpu));
    const end = sampler.take();
    if (stopProfile) {
      const data = await stopProfile();
      writeFileSync(`${dataDir}/server-run.cpuprofile`, JSON.stringify(data));
      printProfile(data, 'the server run', true);
    }
    if (statements) printStatements(statements.stop(), database.kind);
    if (progress.length > 0) console.log(`  after each call of sendDueEmails: ${progress.join(' · ')}`);
    if (liveAtRecorded !== null && gcHeapStart !== null) {
      console.log(
        `  heap after a full GC: ${mib(gcHeapStart)} at the start, ${mib(liveAtRecorded)} once every mail was recorded (${mib(liveAtRecorded - gcHeapStart)} more; ${waitingAtRecorded} mails not yet at the sink then), ${mib(fullGc() ?? 0)} at the end`,
      );
    }
    const gcHeapEnd = fullGc();
    const [sent] = await db
      .select({ n: count() })
      .from(itemDeliveries)
      .innerJoin(mailOutbox, eq(mailOutbox.id, itemDeliveries.mailId))
      .where(and(eq(itemDeliveries.itemId, postId), eq(mailOutbox.status, 'sent')));
    if (got.count - received !== recorded || sent?.n !== recorded) {
      throw new Error(`server run: ${recorded} recorded, ${got.count - received} received by the sink, ${sent?.n} marked sent`);
    }
    const bytes = got.bytes;
    const run: Run = {
      kind: 'server',
      mails: recorded,
      handedMs: got.lastAt - start.at,
      doneMs: doneAt - start.at,
      planMs,
      recordedMs: recordedAt - start.at,
      cpuRecordedMs: cpuRecorded,
      loops: loops + 1,
      cpuHandedMs: cpuHanded,
      cpuDoneMs: cpuDone,
      start,
      end,
      gcHeapStart,
      gcHeapEnd,
      ...memoryOf(sampler, start, end),
      bytesPerMail: (bytes - lastBytes) / recorded,
    };
    received = got.count;
    lastBytes = bytes;
    return run;
  }

  async function referenceRun(mails: number, profiled: boolean): Promise<Run> {
    const [sample] = await db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text, html: mailOutbox.html, headers: mailOutbox.headers })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.collegeId, college.collegeId), eq(mailOutbox.status, 'sent')))
      .limit(1);
    if (!sample) throw new Error('no mail of the server to copy');
    const gcHeapStart = fullGc();
    const stopProfile = profiled ? await startProfile() : null;
    const start = sampler.take();
    const cpu = process.cpuUsage();
    const transport = createTransport({
      host: '127.0.0.1',
      port: sink.port,
      secure: false,
      ignoreTLS: true,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 10_000,
      pool: true,
      maxConnections: 3,
    });
    await Promise.all(
      Array.from({ length: mails }, (_, n) =>
        transport.sendMail({
          from: { name: 'Colegio Las Colinas', address: fromAddress },
          to: `reference-${n}@colinas.test`,
          subject: sample.subject,
          text: sample.text,
          html: sample.html,
          headers: sample.headers,
        }),
      ),
    );
    const doneAt = epochNow();
    const cpuDone = cpuMs(process.cpuUsage(cpu));
    transport.close();
    const got = await sink.waitFor(received + mails, 60_000);
    const end = sampler.take();
    if (stopProfile) {
      const data = await stopProfile();
      writeFileSync(`${dataDir}/reference-run.cpuprofile`, JSON.stringify(data));
      printProfile(data, 'the reference run', false);
    }
    const gcHeapEnd = fullGc();
    if (got.count - received !== mails) throw new Error(`reference run: ${mails} sent, ${got.count - received} received by the sink`);
    const run: Run = {
      kind: 'reference',
      mails,
      handedMs: got.lastAt - start.at,
      doneMs: doneAt - start.at,
      cpuHandedMs: cpuDone,
      cpuDoneMs: cpuDone,
      start,
      end,
      gcHeapStart,
      gcHeapEnd,
      ...memoryOf(sampler, start, end),
      bytesPerMail: (got.bytes - lastBytes) / mails,
    };
    received = got.count;
    lastBytes = got.bytes;
    return run;
  }

  const show = (run: Run, index: string) => {
    const server =
      run.kind === 'server' ? ` · plan ${ms(run.planMs!)} · recorded ${ms(run.recordedMs!)} (${run.loops} loops, CPU ${ms(run.cpuRecordedMs!)})` : '';
    const heapGc = run.gcHeapStart !== null && run.gcHeapEnd !== null ? ` · heap after GC ${mib(run.gcHeapStart)} → ${mib(run.gcHeapEnd)}` : '';
    console.log(
      `  ${run.kind} ${index}: ${run.mails} mails (${(run.bytesPerMail / 1024).toFixed(1)} KiB each) · handed over ${ms(run.handedMs)} (${Math.round((run.mails / run.handedMs) * 1000)}/s)` +
        ` · ${run.kind === 'server' ? 'settled' : 'done'} ${ms(run.doneMs)}${server} · CPU ${ms(run.cpuHandedMs)} (to done ${ms(run.cpuDoneMs)})`,
    );
    console.log(
      `      rss ${mib(run.start.rss)} → peak ${mib(run.peakRss)} → end ${mib(run.end.rss)} · heap ${mib(run.start.heap)} → peak ${mib(run.peakHeap)} → end ${mib(run.end.heap)}${heapGc} · ${run.samples} samples`,
    );
    console.log(`      heap MiB every 0.5 s: ${run.curve.join(' ')}`);
  };

  // ---- warm-up (not counted): a post to one section, and as many plain sends
  const warm = await serverRun(college.sectionId, false);
  await referenceRun(warm.mails, false);
  console.log(`warm-up: a post to one section, ${warm.mails} mails, and as many plain sends (not counted)\n`);

  const server: Run[] = [];
  const reference: Run[] = [];
  for (let r = 0; r < runs; r++) {
    reference.push(await referenceRun(memberCount, profile && r === runs - 1));
    show(reference.at(-1)!, `${r + 1}/${runs}`);
    server.push(await serverRun(null, profile && r === runs - 1));
    show(server.at(-1)!, `${r + 1}/${runs}`);
  }

  const med = (list: Run[], pick: (run: Run) => number) => figures(list.map(pick)).median;
  const row = (name: string, pick: (run: Run) => number, format: (v: number) => string, ratio = true) => {
    const s = med(server, pick);
    const ref = med(reference, pick);
    console.log(`  ${name.padEnd(34)} ${format(s).padStart(12)} ${format(ref).padStart(12)}${ratio ? `   ${(s / ref).toFixed(2)}×` : ''}`);
  };
  console.log(`\nmedians of ${runs} runs, ${memberCount.toLocaleString('en')} mails each   server    reference   server / reference`);
  row('handed over to SMTP (wall)', (r) => r.handedMs, ms);
  row('settled / done (wall)', (r) => r.doneMs, ms);
  row('CPU of this process, to handed over', (r) => r.cpuHandedMs, ms);
  row('CPU of this process, to settled/done', (r) => r.cpuDoneMs, ms);
  row('peak rss', (r) => r.peakRss, mib);
  row('rss growth, start → end', (r) => r.end.rss - r.start.rss, mib, false);
  row('peak heap', (r) => r.peakHeap, mib);
  row('heap growth, start → end', (r) => r.end.heap - r.start.heap, mib, false);
  if (gc) row('heap after GC, start → end', (r) => r.gcHeapEnd! - r.gcHeapStart!, mib, false);
  console.log(
    `  server: plan ${ms(med(server, (r) => r.planMs!))}, every mail recorded at ${ms(med(server, (r) => r.recordedMs!))} with ${ms(med(server, (r) => r.cpuRecordedMs!))} of CPU (medians)`,
  );
  const floor = (memberCount / mailRate) * 1000;
  const handed = med(server, (r) => r.handedMs);
  console.log(
    `  the rate (${mailRate}/s) allows ${ms(floor)} at best: the server took ${(handed / floor).toFixed(2)}× that${handed < floor * 1.1 ? ' (the rate is the limit)' : ' (the rate is not the limit)'}`,
  );
  const ratio = handed / med(reference, (r) => r.handedMs);
  console.log(`  goal ≤ 1.5× the reference (handed over): ${ratio <= 1.5 ? 'met' : 'missed'} (${ratio.toFixed(2)}×)`);
  await mailer.idle();
});

// ---- BENCH_PROFILE: where the CPU went, and the database's time by statement

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

type Frame = CpuProfile['nodes'][number]['callFrame'];
const patioCode = /\/(server|contract)\//;

/** Where a frame comes from: a package, a Patio file, Node's own code, WebAssembly (PGlite) or native. */
function sourceOf(frame: Frame | undefined): string {
  const url = frame?.url ?? '';
  if (!url) return frame?.functionName.startsWith('(') ? frame.functionName : '(native)';
  if (url.includes('node_modules/')) {
    const parts = url.split('node_modules/').pop()!.split('/');
    return `node_modules/${parts.slice(0, parts[0]!.startsWith('@') ? 2 : 1).join('/')}`;
  }
  if (url.startsWith('wasm://')) return 'WebAssembly (PGlite)';
  if (url.startsWith('node:')) return 'node internals';
  const patio = /\/((server|contract|bench)\/.*)$/.exec(url);
  return patio ? patio[1]! : url;
}

const frameName = (frame: Frame | undefined) =>
  `${frame?.functionName || '(anonymous)'} ${frame?.url ? `${sourceOf(frame)}:${frame.lineNumber + 1}` : ''}`.trim();

function printProfile(data: CpuProfile, title: string, patio: boolean): void {
  const byId = new Map(data.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of data.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const bySource = new Map<string, number>();
  const byPatio = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, millis: number) => map.set(key, (map.get(key) ?? 0) + millis);
  let total = 0;
  data.samples.forEach((id, i) => {
    const millis = (data.timeDeltas[i] ?? 0) / 1000;
    total += millis;
    const leaf = byId.get(id)?.callFrame;
    add(bySource, sourceOf(leaf), millis);
    add(byFunction, frameName(leaf), millis);
    // The nearest Patio function on the stack: its own time and the libraries it called synchronously.
    let at: number | undefined = id;
    while (at !== undefined && !patioCode.test(byId.get(at)?.callFrame.url ?? '')) at = parent.get(at);
    add(byPatio, at === undefined ? `(no Patio frame) ${sourceOf(leaf)}` : frameName(byId.get(at)?.callFrame), millis);
  });
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, millis]) => `    ${ms(millis).padStart(8)} ${((100 * millis) / total).toFixed(1).padStart(5)}%  ${name}`)
      .join('\n');
  console.log(`\n  CPU profile of ${title} (${ms(total)} sampled, idle included); self time by where the code comes from:\n${top(bySource, 14)}`);
  console.log(`  by function (self time):\n${top(byFunction, 16)}`);
  if (patio) console.log(`  by the nearest Patio function on the stack (its own code and what it calls synchronously):\n${top(byPatio, 22)}`);
}

interface Statement {
  count: number;
  millis: number;
}

/**
 * Times every statement `db` sends, by its text's beginning: with PGlite, its time in the
 * database (statements run one at a time: from its start, or the previous one's end, to its
 * end); with PostgreSQL, from the call to the answer (connections overlap).
 */
function timeStatements(db: Database, kind: 'pglite' | 'postgres'): { stop: () => Map<string, Statement> } {
  type Query = (...args: unknown[]) => Promise<unknown>;
  type Target = Record<string, unknown>;
  const stats = new Map<string, Statement>();
  const restore: (() => void)[] = [];
  let lastEnd = 0;
  const keyOf = (query: unknown) => {
    const text = (typeof query === 'string' ? query : ((query as { text?: string }).text ?? '?')).replace(/\s+/g, ' ').trim();
    return text.length > 110 ? `${text.slice(0, 109)}…` : text;
  };
  const wrap = (target: Target, method: string, skip?: (args: unknown[]) => boolean) => {
    const original = target[method] as Query;
    if ((original as { benchTimed?: true }).benchTimed) return;
    const timed = (...args: unknown[]) => {
      if (skip?.(args)) return original.apply(target, args);
      const started = performance.now();
      return original.apply(target, args).finally(() => {
        const end = performance.now();
        const entry = stats.get(keyOf(args[0])) ?? { count: 0, millis: 0 };
        entry.count++;
        entry.millis += end - (kind === 'pglite' ? Math.max(started, lastEnd) : started);
        lastEnd = end;
        stats.set(keyOf(args[0]), entry);
      });
    };
    (timed as { benchTimed?: true }).benchTimed = true;
    target[method] = timed;
    restore.push(() => (target[method] = original));
  };
  const client = (db as unknown as { $client: Target }).$client;
  if (kind === 'pglite') {
    wrap(client, 'query');
    wrap(client, 'exec');
    const transaction = client.transaction as (fn: (tx: Target) => Promise<unknown>) => Promise<unknown>;
    client.transaction = (fn: (tx: Target) => Promise<unknown>) =>
      transaction.call(client, (tx: Target) => {
        wrap(tx, 'query');
        wrap(tx, 'exec');
        return fn(tx);
      });
    restore.push(() => (client.transaction = transaction));
  } else {
    // pg: the pool's own queries (promise form), and those of clients lent to transactions;
    // the callback form is the pool's internal use of a client (already timed by the pool).
    const callback = (args: unknown[]) => typeof args.at(-1) === 'function';
    wrap(client, 'query', callback);
    const connect = client.connect as (...args: unknown[]) => Promise<Target>;
    client.connect = (...args: unknown[]) => {
      if (args.length > 0) return connect.apply(client, args);
      return connect.apply(client, args).then((lent) => {
        wrap(lent, 'query', callback);
        return lent;
      });
    };
    restore.push(() => (client.connect = connect));
  }
  return {
    stop: () => {
      restore.reverse().forEach((undo) => undo());
      return stats;
    },
  };
}

function printStatements(stats: Map<string, Statement>, kind: 'pglite' | 'postgres'): void {
  const total = [...stats.values()].reduce((sum, s) => sum + s.millis, 0);
  const statements = [...stats.values()].reduce((sum, s) => sum + s.count, 0);
  const lines = [...stats.entries()]
    .sort((a, b) => b[1].millis - a[1].millis)
    .slice(0, 14)
    .map(([text, s]) => `    ${ms(s.millis).padStart(8)} ${String(s.count).padStart(6)}×  ${(s.millis / s.count).toFixed(2).padStart(7)} ms  ${text}`);
  console.log(
    `  statements of the server run: ${statements}, ${ms(total)} ${kind === 'pglite' ? 'in PGlite (one at a time; BEGIN/COMMIT of transactions not counted)' : 'from call to answer (summed over connections)'}:\n${lines.join('\n')}\n`,
  );
}
