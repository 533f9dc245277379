import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBodyLimit } from '../../server/app';
import { backends, bearer, hostOf, signIn, startServer, type TestServer } from './harness';
import { applyChanges, changes, hostileUrlValue } from './hostileValues';
import { collegeRefs, postArgs, push, type CollegeRefs } from './syncHelpers';

/** A request of the posts REST API, as generated. */
type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: string };

describe.each(backends)('posts and audience REST with generated input on $name', (backend) => {
  let server: TestServer;
  let refs: CollegeRefs;
  const host = hostOf('colinas');
  const tokens = { staff: '', student: '' };
  let postIds: string[] = [];
  let foreignIds: string[] = [];

  beforeAll(async () => {
    server = await startServer(backend);
    refs = await collegeRefs(server.db, 'colinas');
    const british = await collegeRefs(server.db, 'british');
    tokens.staff = await signIn(server.app, host, { email: 'staff@colinas.test' });
    tokens.student = await signIn(server.app, host, { email: 'student@colinas.test' });
    const created = Array.from({ length: 10 }, () => postArgs(refs, ['1° Básico A'], 'everyone'));
    await push({ app: server.app, host, token: tokens.staff }, created.map((args) => ({ name: 'posts.create', args })));
    postIds = created.map((p) => p.id);
    foreignIds = [british.categoryId, british.sectionId('1° Básico A'), british.collegeId, refs.collegeId, ...postIds.slice(0, 2)];
  });
  afterAll(() => server.close());

  const queryValue = fc.oneof(
    hostileUrlValue,
    fc.integer().map(String),
    fc.double().map(String),
    fc.constantFrom('1', '100', '101', '0', '-1', '1e3', 'deportes', 'noticias', ''),
  );
  const listCall: fc.Arbitrary<Call> = fc
    .array(fc.tuple(fc.constantFrom('q', 'category', 'page', 'per_page', 'q[]', 'other'), queryValue), { maxLength: 5 })
    .map((params) => ({ method: 'GET', url: `/api/v1/posts?${params.map(([key, value]) => `${key}=${value}`).join('&')}` }));
  const idSegment = () =>
    fc.oneof(
      fc.nat().map((n) => postIds[n % postIds.length]!),
      fc.constantFrom(...foreignIds),
      fc.uuid(),
      hostileUrlValue.filter((value) => value !== ''),
    );
  const body = () =>
    fc.oneof(
      { weight: 4, arbitrary: changes(foreignIds).map((list) => JSON.stringify(applyChanges(postArgs(refs, ['1° Básico A'], 'everyone'), list))) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
    );
  const reachBody = () =>
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .tuple(fc.constantFrom('college', 'everyone', 'students', 'guardians', 'staff'), changes(foreignIds))
          .map(([scope, list]) => JSON.stringify(applyChanges({ scope, section_ids: [refs.sectionId('1° Básico A'), ...foreignIds.slice(0, 2)] }, list))),
      },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
    );
  const call = (): fc.Arbitrary<Call> =>
    fc.oneof(
      reachBody().map((payload): Call => ({ method: 'POST', url: '/api/v1/audience/reach', payload })),
      listCall,
      idSegment().map((id): Call => ({ method: 'GET', url: `/api/v1/posts/${id}` })),
      body().map((payload): Call => ({ method: 'POST', url: '/api/v1/posts', payload })),
      fc.tuple(idSegment(), body()).map(([id, payload]): Call => ({ method: 'PUT', url: `/api/v1/posts/${id}`, payload })),
      idSegment().map((id): Call => ({ method: 'DELETE', url: `/api/v1/posts/${id}` })),
    );

  it('never answers 5xx to generated queries, ids and bodies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<keyof typeof tokens>('staff', 'student'), call(), async (actor, { method, url, payload }) => {
        const response = await server.app.inject({
          method,
          url,
          headers: { host, ...bearer(tokens[actor]), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(payload === undefined ? {} : { payload }),
        });
        const expectedTooLarge = payload !== undefined && Buffer.byteLength(payload) > jsonBodyLimit;
        expect(response.statusCode, `${method} ${url} → ${response.body}`).toBeLessThan(expectedTooLarge ? 414 : 500);
        if (response.statusCode >= 400) expect(typeof (response.json<{ message?: unknown }>().message), response.body).toBe('string');
      }),
      { numRuns: 200 },
    );
  }, 240_000);
});
