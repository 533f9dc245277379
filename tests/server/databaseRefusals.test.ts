import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import { backends, bearer, hostOf, json, signIn, startServer, type TestServer } from './harness';
import { collegeRefs, postArgs, push, type CollegeRefs } from './syncHelpers';

/**
 * What a device sends never answers 5xx (docs/sync.md: a 5xx stalls its outbox). The contract refuses what the database
 * cannot store; a value the database refuses anyway is a rejection that a replay answers
 * the same; real failures still answer 5xx; and the logs never print what users wrote.
 */
describe.each(backends)('unstorable input and database refusals on $name', (backend) => {
  let server: TestServer;
  let refs: CollegeRefs;
  const host = hostOf('colinas');
  let token = '';
  const logLines: string[] = [];
  const session = () => ({ app: server.app, host, token });
  const rest = (method: 'GET' | 'POST', url: string, payload?: object) =>
    server.app.inject({ method, url, headers: { host, ...bearer(token) }, ...(payload ? { payload } : {}) });
  const pushRaw = (payload: object) => server.app.inject({ method: 'POST', url: '/api/v1/sync/push', headers: { host, ...bearer(token) }, payload });
  /** Runs `work` with the schema changed by `change`, then puts it back. */
  const withSchema = async (change: string, undo: string, work: () => Promise<void>) => {
    await server.db.execute(sql.raw(change));
    try {
      await work();
    } finally {
      await server.db.execute(sql.raw(undo));
    }
  };

  beforeAll(async () => {
    server = await startServer(backend, { logger: true }, { logStream: { write: (line) => void logLines.push(line) } });
    refs = await collegeRefs(server.db, 'colinas');
    token = await signIn(server.app, host, { email: 'staff@colinas.test' });
  });
  afterAll(() => server.close());

  it('rejects a NUL or a lone surrogate in a title or content with 422, by push and by REST, and a replay answers the same', async () => {
    for (const [field, value] of [
      ['title', 'Aviso\u0000'],
      ['content', '<p>a\u0000b</p>'],
      ['title', 'Aviso \ud800'],
      ['content', '<p>\udc00</p>'],
    ] as const) {
      const args = postArgs(refs, ['1° Básico A'], 'everyone', { [field]: value });
      const expected = { message: messages.textInvalid, errors: { [field]: [messages.textInvalid] } };
      const id = uuidv7();
      const [pushed] = await push(session(), [{ id, name: 'posts.create', args }]);
      expect(pushed).toEqual({ id, status: 'rejected', error: { status: 422, ...expected } });
      expect(await push(session(), [{ id, name: 'posts.create', args }])).toEqual([pushed]);
      const created = await rest('POST', '/api/v1/posts', args);
      expect(created.statusCode).toBe(422);
      expect(json(created)).toEqual(expected);
    }
  });

  it('rejects a published_at in year 0 or outside 1900–2999 with 422, and keeps the dates in range', async () => {
    for (const publishedAt of ['0000-01-01T00:00:00Z', '1899-12-31T23:59:59Z', '3000-01-01T00:00:00Z', '2999-12-31T23:00:00-03:00']) {
      const args = postArgs(refs, ['1° Básico A'], 'everyone', { published_at: publishedAt });
      const expected = { message: messages.dateInvalid, errors: { published_at: [messages.dateInvalid] } };
      const [pushed] = await push(session(), [{ name: 'posts.create', args }]);
      expect(pushed!.error).toEqual({ status: 422, ...expected });
      const created = await rest('POST', '/api/v1/posts', { ...args, id: uuidv7() });
      expect(created.statusCode).toBe(422);
      expect(json(created)).toEqual(expected);
    }
    for (const publishedAt of ['1900-01-01T00:00:00Z', '2999-12-31T23:59:59Z']) {
      const [pushed] = await push(session(), [{ name: 'posts.create', args: postArgs(refs, ['1° Básico A'], 'everyone', { published_at: publishedAt }) }]);
      expect(pushed!.status).toBe('applied');
    }
  });

  it('answers 422 to a NUL in the search or the category of the post list', async () => {
    for (const query of ['q=%00', 'category=%00', 'q=a%00b', 'category=deportes%00']) {
      const response = await rest('GET', `/api/v1/posts?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(json(response).message).toBe(messages.textInvalid);
    }
  });

  it('answers 422 to a NUL in the push envelope (client id, mutation name)', async () => {
    const mutation = { id: uuidv7(), name: 'posts.view', args: { post_id: uuidv7() } };
    for (const payload of [
      { clientId: 'device\u0000', mutations: [mutation] },
      { clientId: 'device', mutations: [{ ...mutation, name: 'posts.view\u0000' }] },
    ]) {
      const response = await pushRaw(payload);
      expect(response.statusCode).toBe(422);
      expect(json(response).message).toBe(messages.textInvalid);
    }
  });

  it('records a value the database refuses as a 422 rejection, which a replay answers the same, and answers REST with 422', async () => {
    // A rule only the database knows (as after a migration the contract has not caught up with).
    await withSchema(
      "alter table posts add constraint patio_test_title check (title not like '%Prohibido%')",
      'alter table posts drop constraint patio_test_title',
      async () => {
        const id = uuidv7();
        const args = postArgs(refs, ['1° Básico A'], 'everyone', { title: 'Prohibido secreto-7f3a' });
        const refused = { status: 422, message: messages.invalidData, errors: { _: [messages.invalidData] } };
        const [first, next] = await push(session(), [
          { id, name: 'posts.create', args },
          { name: 'posts.create', args: postArgs(refs, ['1° Básico A'], 'everyone') },
        ]);
        expect(first).toEqual({ id, status: 'rejected', error: refused });
        expect(next!.status).toBe('applied');
        expect(await push(session(), [{ id, name: 'posts.create', args }])).toEqual([first]);
        const created = await rest('POST', '/api/v1/posts', { ...args, id: uuidv7() });
        expect(created.statusCode).toBe(422);
        expect(json(created)).toEqual({ message: refused.message, errors: refused.errors });
      },
    );
    const [later] = await push(session(), [{ name: 'posts.create', args: postArgs(refs, ['1° Básico A'], 'everyone', { title: 'Prohibido' }) }]);
    expect(later!.status).toBe('applied');
  });

  it('records a unique violation as a 409 rejection, by push and by REST', async () => {
    const taken = postArgs(refs, ['1° Básico A'], 'everyone', { title: `Único secreto-${uuidv7()}` });
    const other = postArgs(refs, ['1° Básico A'], 'everyone');
    expect(
      (
        await push(
          session(),
          [taken, other].map((args) => ({ name: 'posts.create', args })),
        )
      ).map((r) => r.status),
    ).toEqual(['applied', 'applied']);
    await withSchema('create unique index patio_test_title_unique on posts (college_id, title)', 'drop index patio_test_title_unique', async () => {
      const id = uuidv7();
      const args = { ...other, title: taken.title };
      const [pushed] = await push(session(), [{ id, name: 'posts.update', args }]);
      expect(pushed).toEqual({ id, status: 'rejected', error: { status: 409, message: messages.conflict } });
      expect(await push(session(), [{ id, name: 'posts.update', args }])).toEqual([pushed]);
      const { id: _id, ...fields } = args;
      const updated = await server.app.inject({ method: 'PUT', url: `/api/v1/posts/${other.id}`, headers: { host, ...bearer(token) }, payload: fields });
      expect(updated.statusCode).toBe(409);
      expect(json(updated)).toEqual({ message: messages.conflict });
    });
  });

  it('still answers 500 to a failure of the server, records nothing, and applies the mutation once it is fixed', async () => {
    const id = uuidv7();
    const args = postArgs(refs, ['1° Básico A'], 'everyone', { title: 'Bug secreto-91c2' });
    await withSchema('alter table posts rename column title to title_gone', 'alter table posts rename column title_gone to title', async () => {
      const response = await pushRaw({ clientId: 'device', mutations: [{ id, name: 'posts.create', args }] });
      expect(response.statusCode).toBe(500);
      expect(json(response)).toEqual({ message: messages.serverError });
      const created = await rest('POST', '/api/v1/posts', { ...args, id: uuidv7() });
      expect(created.statusCode).toBe(500);
    });
    expect(await push(session(), [{ id, name: 'posts.create', args }])).toEqual([{ id, status: 'applied' }]);
  });

  it('logs failed queries and refusals without the values users wrote', () => {
    const entries = logLines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: Record<string, unknown> });
    for (const line of logLines) {
      expect(line).not.toContain('secreto');
      expect(line).not.toContain('Texto del aviso');
    }
    const failures = entries.filter((entry) => entry.err);
    // The 422 of the check constraint and the 409 of the unique index (REST), the two 500s
    // of the renamed column.
    expect(failures.map((entry) => entry.msg).sort()).toEqual([
      'request failed',
      'request failed',
      'the database refused the values of the request',
      'the database refused the values of the request',
    ]);
    const refusal = failures.find((entry) => entry.level === 40)!.err!;
    expect(refusal).toMatchObject({
      type: 'DrizzleQueryError',
      cause: { type: 'DatabaseError', code: '23514', table: 'posts', constraint: 'patio_test_title' },
    });
    const failed = failures.find((entry) => entry.level === 50)!.err!;
    expect(failed).toMatchObject({ type: 'DrizzleQueryError', cause: { code: '42703' } });
    expect(String(failed.message)).toContain('insert into "posts"');
  });
});
