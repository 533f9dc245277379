import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import type { Post, PostListResponse } from '../../contract/posts';
import { backends, bearer, hostOf, json, signIn, startServer, type TestServer } from './harness';
import { collegeRefs, postArgs, push, type CollegeRefs } from './syncHelpers';

describe.each(backends)('posts REST on $name', (backend) => {
  let server: TestServer;
  let refs: CollegeRefs;
  const host = hostOf('colinas');
  const tokens = { staff: '', student: '', other: '' };
  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    server.app.inject({ method, url, headers: { host, ...bearer(token) }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    server = await startServer(backend);
    refs = await collegeRefs(server.db, 'colinas');
    tokens.staff = await signIn(server.app, host, { email: 'staff@colinas.test' });
    tokens.student = await signIn(server.app, host, { email: 'student@colinas.test' });
    tokens.other = await signIn(server.app, host, { email: 'sofia.sepulveda@colinas.test' });
  });
  afterAll(() => server.close());

  it('creates, reads, updates and deletes a post, visible only to its audience', async () => {
    const { id: _id, ...fields } = postArgs(refs, ['1° Básico A'], 'students', { title: 'Prueba REST' });
    const created = await call(tokens.staff, 'POST', '/api/v1/posts', fields);
    expect(created.statusCode).toBe(201);
    const post = json<Post>(created);
    expect(post).toMatchObject({ title: 'Prueba REST', scope: 'students', views: 0, author_name: 'Daniel Méndez' });
    expect((await call(tokens.student, 'GET', `/api/v1/posts/${post.id}`)).statusCode).toBe(200);
    expect((await call(tokens.other, 'GET', `/api/v1/posts/${post.id}`)).statusCode).toBe(404);
    expect((await call(tokens.student, 'GET', '/api/v1/posts/not-an-id')).statusCode).toBe(404);

    const updated = await call(tokens.staff, 'PUT', `/api/v1/posts/${post.id}`, { ...fields, title: 'Editado' });
    expect(updated.statusCode).toBe(200);
    expect(json<Post>(updated).title).toBe('Editado');
    expect((await call(tokens.staff, 'DELETE', `/api/v1/posts/${post.id}`)).statusCode).toBe(204);
    const gone = await call(tokens.staff, 'GET', `/api/v1/posts/${post.id}`);
    expect(gone.statusCode).toBe(404);
    expect(json(gone)).toEqual({ message: messages.postNotFound });
    expect((await call(tokens.staff, 'DELETE', `/api/v1/posts/${post.id}`)).statusCode).toBe(404);
  });

  it('answers the same 422 as the posts.create mutation, and 403 to students before validating', async () => {
    const bad = { ...postArgs(refs, ['1° Básico A'], 'everyone'), title: ' ', course_ids: 'all', scope: 'teachers' };
    const rest = await call(tokens.staff, 'POST', '/api/v1/posts', bad);
    expect(rest.statusCode).toBe(422);
    const [pushed] = await push({ app: server.app, host, token: tokens.staff }, [{ name: 'posts.create', args: bad }]);
    expect(pushed!.error).toEqual({ status: 422, ...json(rest) });
    expect(Object.keys(json<{ errors: object }>(rest).errors).sort()).toEqual(['course_ids', 'scope', 'title']);

    const unknown = await call(tokens.staff, 'POST', '/api/v1/posts', { ...postArgs(refs, ['1° Básico A'], 'everyone'), section_ids: [uuidv7()] });
    expect(unknown.statusCode).toBe(422);
    expect(json(unknown)).toEqual({ message: messages.unknownReference, errors: { section_ids: [messages.unknownReference] } });

    for (const [method, url] of [
      ['POST', '/api/v1/posts'],
      ['PUT', `/api/v1/posts/${uuidv7()}`],
      ['DELETE', `/api/v1/posts/${uuidv7()}`],
    ] as const) {
      const refused = await call(tokens.student, method, url, {});
      expect(refused.statusCode).toBe(403);
      expect(json(refused)).toEqual({ message: messages.forbidden });
    }
  });

  it('lists visible posts newest first, by page, category and search', async () => {
    const staffList = json<PostListResponse>(await call(tokens.staff, 'GET', '/api/v1/posts?per_page=5'));
    expect(staffList.data).toHaveLength(5);
    expect(staffList.meta).toMatchObject({ page: 1, per_page: 5 });
    expect(staffList.meta.last_page).toBe(Math.ceil(staffList.meta.total / 5));
    const dates = staffList.data.map((p) => p.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);

    const studentList = json<PostListResponse>(await call(tokens.student, 'GET', '/api/v1/posts?per_page=100'));
    expect(studentList.meta.total).toBeLessThan(staffList.meta.total);
    expect(studentList.data.every((p) => p.scope !== 'staff' && p.section_ids.includes(refs.sectionId('1° Básico A')))).toBe(true);

    const sports = json<PostListResponse>(await call(tokens.staff, 'GET', '/api/v1/posts?category=deportes&per_page=100'));
    expect(sports.meta.total).toBe(3);
    const search = json<PostListResponse>(await call(tokens.staff, 'GET', `/api/v1/posts?q=${encodeURIComponent('biblioteca')}`));
    expect(search.data.map((p) => p.title)).toContain('Nuevos libros en la biblioteca');
    const none = json<PostListResponse>(await call(tokens.staff, 'GET', '/api/v1/posts?q=%25zzz_'));
    expect(none).toEqual({ data: [], meta: { page: 1, per_page: 10, total: 0, last_page: 1 } });
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/posts', headers: { host } })).statusCode).toBe(401);
  });
});
