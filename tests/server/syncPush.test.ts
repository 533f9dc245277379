import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import { appliedMutations } from '../../server/db/schema';
import { postViews, posts } from '../../server/posts/schema';
import { sanitizeContent } from '../../server/richText/sanitizeContent';
import { backends, bearer, hostOf, signIn, startServer, type TestServer } from './harness';
import { collegeRefs, postArgs, push, type CollegeRefs, type Session } from './syncHelpers';

describe.each(backends)('sync push on $name', (backend) => {
  let server: TestServer;
  let refs: CollegeRefs;
  let staff: Session;
  let student: Session;
  const host = hostOf('colinas');
  const session = async (email: string): Promise<Session> => ({ app: server.app, host, token: await signIn(server.app, host, { email }) });
  const postRow = async (id: string) => (await server.db.select().from(posts).where(eq(posts.id, id)))[0];

  beforeAll(async () => {
    server = await startServer(backend);
    refs = await collegeRefs(server.db, 'colinas');
    staff = await session('staff@colinas.test');
    student = await session('student@colinas.test');
  });
  afterAll(() => server.close());

  it('applies a replayed mutation once and answers its first result', async () => {
    const mutation = { id: uuidv7(), name: 'posts.create', args: postArgs(refs, ['1° Básico A'], 'everyone') };
    const first = await push(staff, [mutation]);
    const again = await push(staff, [mutation, mutation]);
    expect(first).toEqual([{ id: mutation.id, status: 'applied' }]);
    expect(again).toEqual([first[0], first[0]]);
    expect(await server.db.select().from(posts).where(eq(posts.id, mutation.args.id))).toHaveLength(1);

    const rejected = { id: uuidv7(), name: 'posts.create', args: { ...postArgs(refs, ['1° Básico A'], 'everyone'), title: '' } };
    const [firstRejection] = await push(staff, [rejected]);
    expect(firstRejection).toMatchObject({ status: 'rejected', error: { status: 422 } });
    // The same id with other arguments still answers the first result: a fixed change needs a new id.
    expect(await push(staff, [{ ...rejected, args: { ...rejected.args, title: 'Corregido' } }])).toEqual([firstRejection]);
    expect(await postRow(rejected.args.id)).toBeUndefined();
  });

  it('applies mutations in the order given', async () => {
    const created = postArgs(refs, ['1° Básico A'], 'everyone', { title: 'Primera versión' });
    const results = await push(staff, [
      { name: 'posts.create', args: created },
      { name: 'posts.update', args: { ...created, title: 'Segunda versión', content: '<p>Editado</p>' } },
      { name: 'posts.update', args: { ...created, title: 'Tercera versión' } },
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    expect(await postRow(created.id)).toMatchObject({ title: 'Tercera versión', content: '<p>Texto del aviso.</p>', authorName: 'Daniel Méndez' });
  });

  it('rejects bad input with the 422 body, writes nothing and goes on with the next mutation', async () => {
    const bad = postArgs(refs, ['1° Básico A'], 'everyone', { content: '<p> </p>', section_ids: [] });
    const good = postArgs(refs, ['1° Básico A'], 'everyone');
    const unknown = postArgs(refs, ['1° Básico A'], 'everyone', { category_id: uuidv7(), grade_ids: ['nope'] });
    const results = await push(staff, [
      { name: 'posts.create', args: bad },
      { name: 'posts.create', args: good },
      { name: 'posts.create', args: unknown },
      { name: 'posts.publish', args: {} },
    ]);
    expect(results[0]).toMatchObject({ status: 'rejected', error: { status: 422, message: messages.postContentRequired } });
    expect(results[0]!.error!.errors).toEqual({ content: [messages.postContentRequired], section_ids: [messages.postSectionsRequired] });
    expect(results[1]).toMatchObject({ status: 'applied' });
    expect(results[2]!.error).toEqual({
      status: 422,
      message: messages.unknownReference,
      errors: { category_id: [messages.unknownReference], grade_ids: [messages.unknownReference] },
    });
    expect(results[3]).toMatchObject({ status: 'rejected', error: { status: 422, errors: { name: [messages.invalidData] } } });
    expect(await postRow(bad.id)).toBeUndefined();
    expect(await postRow(unknown.id)).toBeUndefined();
    expect(await postRow(good.id)).toBeDefined();
  });

  it('refuses posts from students (403) and ids already taken (409)', async () => {
    const attempt = postArgs(refs, ['1° Básico A'], 'everyone');
    const [refused] = await push(student, [{ name: 'posts.create', args: attempt }]);
    expect(refused).toMatchObject({ status: 'rejected', error: { status: 403, message: messages.forbidden } });
    expect(await postRow(attempt.id)).toBeUndefined();

    const taken = postArgs(refs, ['1° Básico A'], 'everyone', { title: 'Original' });
    await push(staff, [{ name: 'posts.create', args: taken }]);
    const [conflict] = await push(staff, [{ name: 'posts.create', args: { ...taken, title: 'Otro' } }]);
    expect(conflict).toMatchObject({ status: 'rejected', error: { status: 409 } });
    expect((await postRow(taken.id))?.title).toBe('Original');
  });

  it("answers 409 to a mutation id that is another user's", async () => {
    const mutation = { id: uuidv7(), name: 'posts.create', args: postArgs(refs, ['1° Básico A'], 'everyone') };
    await push(staff, [mutation]);
    const admin = await session('admin@colinas.test');
    const [stolen] = await push(admin, [{ ...mutation, args: { ...mutation.args, id: uuidv7() } }]);
    expect(stolen).toMatchObject({ status: 'rejected', error: { status: 409 } });
    expect(await server.db.select().from(appliedMutations).where(eq(appliedMutations.id, mutation.id))).toHaveLength(1);
  });

  it('answers a bad envelope with 422, never 500', async () => {
    const send = (payload: unknown) =>
      server.app.inject({ method: 'POST', url: '/api/v1/sync/push', headers: { host, ...bearer(staff.token) }, payload: payload as object });
    const many = Array.from({ length: 101 }, () => ({ id: uuidv7(), name: 'posts.view', args: {} }));
    for (const payload of [{ clientId: 'x', mutations: 'no' }, { clientId: 'x', mutations: many }, { mutations: [] }, [1, 2]]) {
      expect((await send(payload)).statusCode).toBe(422);
    }
    const odd = await send({ clientId: 'x', mutations: [{ id: uuidv7(), name: 'posts.view', args: null }] });
    expect(odd.statusCode).toBe(200);
    const unauthenticated = await server.app.inject({ method: 'POST', url: '/api/v1/sync/push', headers: { host }, payload: { clientId: 'x', mutations: [] } });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('counts a view once per user and post, and only of a post the user may see', async () => {
    const visible = postArgs(refs, ['1° Básico A'], 'everyone');
    const staffOnly = postArgs(refs, ['1° Básico A'], 'staff');
    await push(staff, [
      { name: 'posts.create', args: visible },
      { name: 'posts.create', args: staffOnly },
    ]);
    const view = (id: string) => ({ name: 'posts.view', args: { post_id: id } });
    const guardian = await session('guardian@colinas.test');
    expect((await push(student, [view(visible.id), view(visible.id)])).map((r) => r.status)).toEqual(['applied', 'applied']);
    await push(student, [view(visible.id)]);
    await push(guardian, [view(visible.id)]);
    const [hidden] = await push(student, [view(staffOnly.id)]);
    expect(hidden).toMatchObject({ status: 'rejected', error: { status: 404 } });
    expect((await postRow(visible.id))?.views).toBe(2);
    expect((await postRow(staffOnly.id))?.views).toBe(0);
    expect(
      await server.db
        .select()
        .from(postViews)
        .where(inArray(postViews.postId, [visible.id, staffOnly.id])),
    ).toHaveLength(2);
  });

  it('strips scripts and event handlers from the content', async () => {
    const dirty =
      '<p onclick="steal()">Hola <strong>mundo</strong><script>alert(1)</script><img src=x onerror="alert(2)"></p>' +
      '<a href="javascript:alert(3)">malo</a> <a href="https://colegio.test/x" target="_blank">bueno</a><iframe src="https://evil.test"></iframe>';
    const args = postArgs(refs, ['1° Básico A'], 'everyone', { content: dirty });
    expect((await push(staff, [{ name: 'posts.create', args }]))[0]!.status).toBe('applied');
    const stored = (await postRow(args.id))!.content;
    for (const banned of ['<script', 'alert', 'onerror', 'onclick', 'javascript:', '<img', '<iframe', 'target=']) expect(stored).not.toContain(banned);
    expect(stored).toContain('<p>Hola <strong>mundo</strong></p>');
    expect(stored).toContain('<a href="https://colegio.test/x" rel="noopener noreferrer">bueno</a>');
    expect(sanitizeContent('<h2>T</h2><ul><li>a</li></ul><blockquote>c</blockquote><pre><code>x</code></pre>')).toBe(
      '<h2>T</h2><ul><li>a</li></ul><blockquote>c</blockquote><pre><code>x</code></pre>',
    );
    const [empty] = await push(staff, [
      { name: 'posts.create', args: postArgs(refs, ['1° Básico A'], 'everyone', { content: '<script>x</script><img src=x>' }) },
    ]);
    expect(empty).toMatchObject({ status: 'rejected', error: { status: 422, errors: { content: [messages.postContentRequired] } } });
  });
});
