import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../contract/ids';
import type { Change, MutationResult, PullResponse } from '../../contract/sync';
import { openDatabase } from '../../server/db/client';
import { demoPassword } from '../../server/db/demoData';
import { postArgs, collegeRefs, type CollegeRefs } from './syncHelpers';
import { withAdmin } from './templateDatabases';

/**
 * A rolling upgrade as docs/operations.md tells it, with real processes on one PostgreSQL:
 * release N (this repository at the commit before its newest migration, taken from git)
 * serves; the database is migrated to N+1 (this working tree) while N goes on serving; an
 * N+1 process starts beside it; devices pull, push, stream and upload through both; N stops.
 * No answer is a 5xx, nothing written through either is lost, and a change replayed to the
 * other process is applied once.
 */
const root = resolve(import.meta.dirname, '../..');
const postgresUrl = process.env.PATIO_TEST_DATABASE_URL?.trim();
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const withHistory = (() => {
  try {
    return git('rev-parse', '--is-shallow-repository') === 'false';
  } catch {
    return false;
  }
})();

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

interface Release {
  base: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** `server/main.ts` of the code in `cwd`, on loopback, until it says it is running. */
async function serve(cwd: string, databaseUrl: string, dataDir: string): Promise<Release> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', PATIO_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let said = '';
  await new Promise<void>((ready, failed) => {
    const hear = (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('Patio is running')) ready();
    };
    child.stdout.on('data', hear);
    child.stderr.on('data', hear);
    void exited.then((code) => failed(new Error(`the server in ${cwd} stopped (${code}) while starting:\n${said}`)));
  });
  return { base: `http://127.0.0.1:${port}`, child, exited };
}

async function stop(release: Release): Promise<number | null> {
  if (release.child.exitCode === null && release.child.signalCode === null) release.child.kill('SIGTERM');
  return release.exited;
}

describe.runIf(postgresUrl && withHistory)('a rolling upgrade on PostgreSQL', () => {
  const name = `patio_upgrade_${uuidv7().slice(-12).replace(/-/g, '')}`;
  const databaseUrl = (() => {
    const url = new URL(postgresUrl ?? 'postgres://localhost/');
    url.pathname = `/${name}`;
    return url.toString();
  })();
  let work: string;
  let older: Release;
  let newer: Release;
  let refs: CollegeRefs;
  const statuses: { release: string; path: string; status: number }[] = [];

  /** A request to one release, its status kept (no answer may be a 5xx). */
  async function call<T>(
    release: Release,
    path: string,
    init: { method?: string; token?: string; json?: unknown; body?: RequestInit['body']; type?: string } = {},
  ) {
    const response = await fetch(`${release.base}${path}`, {
      method: init.method ?? (init.json === undefined && init.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.json !== undefined ? { 'content-type': 'application/json' } : init.type ? { 'content-type': init.type } : {}),
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
    statuses.push({ release: release === older ? 'N' : 'N+1', path: path.split('?')[0]!, status: response.status });
    const text = await response.text();
    return { status: response.status, body: (text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T };
  }

  const signIn = async (release: Release, email: string) =>
    (await call<{ token: string }>(release, '/api/login-mobile', { json: { email, password: demoPassword } })).body.token;

  async function pullAll(release: Release, token: string, cursor?: string) {
    const changes: Change[] = [];
    let at = cursor;
    for (;;) {
      const query = new URLSearchParams({ limit: '500', ...(at ? { cursor: at } : {}) });
      const { status, body } = await call<PullResponse>(release, `/api/v1/sync/pull?${query.toString()}`, { token });
      expect(status).toBe(200);
      changes.push(...body.changes);
      at = body.cursor;
      if (!body.hasMore) return { changes, cursor: at };
    }
  }

  const push = async (release: Release, token: string, mutations: { id: string; name: string; args: unknown }[]) => {
    const { status, body } = await call<{ results: MutationResult[] }>(release, '/api/v1/sync/push', {
      token,
      json: { clientId: 'upgrade-device', mutations },
    });
    expect(status).toBe(200);
    return body.results;
  };

  const postIds = (changes: Change[]) => changes.flatMap((change) => (change.entity === 'posts' && change.op === 'upsert' ? [change.row.id] : []));

  beforeAll(async () => {
    const newest = (JSON.parse(await readFile(join(root, 'server/db/migrations/meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }).entries.at(
      -1,
    )!.tag;
    const added = git('log', '-n', '1', '--format=%H', '--', `server/db/migrations/${newest}.sql`);
    const release = added ? `${added}^` : 'HEAD';
    work = await mkdtemp(join(tmpdir(), 'patio-release-'));
    const code = join(work, 'code');
    await mkdir(code);
    execFileSync('sh', ['-c', `git archive ${release} server contract package.json | tar -x -C "${code}"`], { cwd: root });
    await symlink(join(root, 'node_modules'), join(code, 'node_modules'));
    await withAdmin(postgresUrl!, (client) => client.query(`create database ${name}`));
    const dataDir = join(work, 'data');
    older = await serve(code, databaseUrl, dataDir);

    // N+1's migrations while N serves: expand only, so N's queries keep working.
    const database = await openDatabase({ url: databaseUrl });
    try {
      await database.migrate();
      refs = await collegeRefs(database.db, 'colinas');
    } finally {
      await database.close();
    }
    newer = await serve(root, databaseUrl, dataDir);
  }, 240_000);

  afterAll(async () => {
    for (const release of [older, newer]) if (release) await stop(release);
    await withAdmin(postgresUrl!, (client) => client.query(`drop database if exists ${name} with (force)`));
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('serves devices through both releases while they share the database, and loses nothing when the old one stops', async () => {
    const staffOnOld = await signIn(older, 'staff@colinas.test');
    const staffOnNew = await signIn(newer, 'staff@colinas.test');
    const student = await signIn(older, 'student@colinas.test');
    const start = await pullAll(newer, student);

    // A stream on the old release, from the student's cursor.
    const controller = new AbortController();
    const stream = await fetch(`${older.base}/api/v1/sync/stream?cursor=${encodeURIComponent(start.cursor)}`, {
      headers: { authorization: `Bearer ${student}` },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader: ReadableStreamDefaultReader<Uint8Array> = stream.body!.getReader();
    const decoder = new TextDecoder();
    let heard = '';
    const hearing = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        heard += decoder.decode(value, { stream: true });
        if (/event: (changes|poke)/.test(heard.split('event: ready').slice(1).join(''))) return;
      }
    })().catch(() => undefined);

    // A post written through each release; the new release's reaches the old one's stream.
    const throughOld = { id: uuidv7(), name: 'posts.create', args: postArgs(refs, ['1° Básico A'], 'everyone', { title: 'Escrito en la versión anterior' }) };
    const throughNew = { id: uuidv7(), name: 'posts.create', args: postArgs(refs, ['1° Básico A'], 'everyone', { title: 'Escrito en la versión nueva' }) };
    expect((await push(older, staffOnOld, [throughOld]))[0]?.status).toBe('applied');
    expect((await push(newer, staffOnNew, [throughNew]))[0]?.status).toBe('applied');
    await hearing;
    expect(heard).toMatch(/event: (changes|poke)/);
    controller.abort();
    // Each release's pull has the other's post.
    expect(postIds((await pullAll(older, student, start.cursor)).changes)).toEqual(expect.arrayContaining([throughOld.args.id, throughNew.args.id]));

    // An avatar uploaded through the old release is served by the new one (one files folder).
    const form = new FormData();
    for (const [field, value] of Object.entries({ _method: 'PUT', name: 'Daniel', first_lastname: 'Méndez', email: 'staff@colinas.test' }))
      form.append(field, value);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    form.append('avatar', new Blob([png], { type: 'image/png' }), 'yo.png');
    const uploaded = await call<{ avatar: string | null }>(older, '/api/v1/users/update/profile', { token: staffOnOld, body: form });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.avatar).toMatch(/^\/uploads\//);

    // The old release stops; a device that pushed through it sends the same change again to the new one.
    expect(await stop(older)).not.toBeGreaterThan(0);
    expect((await push(newer, staffOnNew, [throughOld]))[0]?.status).toBe('applied');
    const after = await pullAll(newer, student, start.cursor);
    expect(postIds(after.changes)).toEqual(expect.arrayContaining([throughOld.args.id, throughNew.args.id]));
    const everything = await pullAll(newer, student);
    expect(postIds(everything.changes).filter((id) => id === throughOld.args.id)).toHaveLength(1);
    expect((await call(newer, uploaded.body.avatar!, { token: staffOnNew })).status).toBe(200);

    expect(statuses.filter((answer) => answer.status >= 500)).toEqual([]);
  }, 120_000);
});
