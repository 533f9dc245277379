import { AsyncLocalStorage } from 'node:async_hooks';
import { PGlite } from '@electric-sql/pglite';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { uuidv7 } from '../../contract/ids';
import type { AudienceScope } from '../../contract/audience';
import type { CreateEventArgs, EventFieldsInput } from '../../contract/events';
import type { CreateNotificationArgs } from '../../contract/notifications';
import type { CreatePostArgs, PostScope } from '../../contract/posts';
import type { Role } from '../../contract/permissions';
import type { Change, MutationResult, PullResponse } from '../../contract/sync';
import { issueAccessToken } from '../../server/auth/tokens';
import type { AppConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { colleges, courses, grades, sections, users } from '../../server/db/schema';
import { categories } from '../../server/posts/schema';
import { bearer, json, type TestServer } from './harness';

/** Ids of a demo college's structure, by name ("1° Básico A"). */
export interface CollegeRefs {
  collegeId: string;
  categoryId: string;
  sectionId: (name: string) => string;
  gradeIdOf: (sectionId: string) => string;
  courseIdOf: (gradeId: string) => string;
}

export async function collegeRefs(db: Database, slug: string): Promise<CollegeRefs> {
  const [college] = await db.select().from(colleges).where(eq(colleges.slug, slug));
  const collegeId = college!.id;
  const [category] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.collegeId, collegeId), eq(categories.slug, 'noticias')));
  const gradeRows = await db.select().from(grades).where(eq(grades.collegeId, collegeId));
  const sectionRows = await db.select().from(sections).where(eq(sections.collegeId, collegeId));
  const courseRows = await db
    .select()
    .from(courses)
    .where(
      inArray(
        courses.id,
        gradeRows.map((g) => g.courseId),
      ),
    );
  return {
    collegeId,
    categoryId: category!.id,
    sectionId: (name) => {
      const found = sectionRows.find((s) => `${gradeRows.find((g) => g.id === s.gradeId)!.name} ${s.name}` === name);
      if (!found) throw new Error(`no section ${name}`);
      return found.id;
    },
    gradeIdOf: (sectionId) => sectionRows.find((s) => s.id === sectionId)!.gradeId,
    courseIdOf: (gradeId) => courseRows.find((c) => c.id === gradeRows.find((g) => g.id === gradeId)!.courseId)!.id,
  };
}

/** Valid `posts.create` arguments addressed to the named sections. */
export function postArgs(refs: CollegeRefs, sectionNames: string[], scope: PostScope, overrides: Partial<CreatePostArgs> = {}): CreatePostArgs {
  const sectionIds = sectionNames.map(refs.sectionId);
  const gradeIds = [...new Set(sectionIds.map(refs.gradeIdOf))];
  return {
    id: uuidv7(),
    title: `Aviso ${Math.random().toString(36).slice(2, 8)}`,
    content: '<p>Texto del aviso.</p>',
    category_id: refs.categoryId,
    course_ids: [...new Set(gradeIds.map(refs.courseIdOf))],
    grade_ids: gradeIds,
    section_ids: sectionIds,
    scope,
    ...overrides,
  };
}

/**
 * Valid `events.create` arguments addressed to the named sections (none for the `college`
 * and `staff` scopes): a one-hour meeting at 18:00 on 2026-09-01, unless overridden.
 */
export function eventArgs(refs: CollegeRefs, sectionNames: string[], scope: AudienceScope, overrides: Partial<EventFieldsInput> = {}): CreateEventArgs {
  const sectionIds = sectionNames.map(refs.sectionId);
  const gradeIds = [...new Set(sectionIds.map(refs.gradeIdOf))];
  return {
    id: uuidv7(),
    name: `Evento ${Math.random().toString(36).slice(2, 8)}`,
    description: '<p>Detalle del evento.</p>',
    location: 'Biblioteca',
    category: 'meeting',
    all_day: false,
    start: '2026-09-01T18:00',
    end: '2026-09-01T19:00',
    repeat: null,
    exceptions: [],
    calendar_sync: true,
    course_ids: [...new Set(gradeIds.map(refs.courseIdOf))],
    grade_ids: gradeIds,
    section_ids: sectionIds,
    scope,
    ...overrides,
  };
}

/** Valid `notifications.create` arguments addressed to the named sections (none for the `college` and `staff` scopes). */
export function notificationArgs(
  refs: CollegeRefs,
  sectionNames: string[],
  scope: AudienceScope,
  overrides: Partial<CreateNotificationArgs> = {},
): CreateNotificationArgs {
  const sectionIds = sectionNames.map(refs.sectionId);
  const gradeIds = [...new Set(sectionIds.map(refs.gradeIdOf))];
  return {
    id: uuidv7(),
    title: `Aviso ${Math.random().toString(36).slice(2, 8)}`,
    content: 'Mañana la salida es a las 13:00.',
    emergency: false,
    course_ids: [...new Set(gradeIds.map(refs.courseIdOf))],
    grade_ids: gradeIds,
    section_ids: sectionIds,
    scope,
    ...overrides,
  };
}

export interface Session {
  app: FastifyInstance;
  host: string;
  token: string;
}

export async function push(session: Session, mutations: { id?: string; name: string; args: unknown }[]): Promise<MutationResult[]> {
  const response = await session.app.inject({
    method: 'POST',
    url: '/api/v1/sync/push',
    headers: { host: session.host, ...bearer(session.token) },
    payload: { clientId: 'test-device', mutations: mutations.map((m) => ({ id: m.id ?? uuidv7(), ...m })) },
  });
  if (response.statusCode !== 200) throw new Error(`push: ${response.statusCode} ${response.body}`);
  return json<{ results: MutationResult[] }>(response).results;
}

export async function pullPage(session: Session, cursor?: string, limit = 500): Promise<PullResponse> {
  const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
  const response = await session.app.inject({
    method: 'GET',
    url: `/api/v1/sync/pull?${query.toString()}`,
    headers: { host: session.host, ...bearer(session.token) },
  });
  if (response.statusCode !== 200) throw new Error(`pull: ${response.statusCode} ${response.body}`);
  return json<PullResponse>(response);
}

/** Pulls until `hasMore` is false (stops at a reset). */
export async function pullAll(session: Session, cursor?: string, limit = 500): Promise<{ changes: Change[]; cursor: string; reset: boolean }> {
  const changes: Change[] = [];
  let at = cursor;
  for (;;) {
    const page = await pullPage(session, at, limit);
    if (page.reset) return { changes, cursor: '', reset: true };
    changes.push(...page.changes);
    at = page.cursor;
    if (!page.hasMore) return { changes, cursor: at, reset: false };
  }
}

export const upsertedIds = (changes: Change[], entity: string): string[] =>
  changes.filter((c) => c.entity === entity && c.op === 'upsert').map((c) => (c.op === 'upsert' ? c.row.id : ''));
export const deletedIds = (changes: Change[], entity: string): string[] =>
  changes.filter((c) => c.entity === entity && c.op === 'delete').map((c) => (c.op === 'delete' ? c.id : ''));

/**
 * Holds the database so that it answers nothing (PGlite: a transaction keeps its one
 * connection; PostgreSQL: the tables a pull reads are locked) until the returned function
 * is called; resolves once held. Releasing twice is harmless.
 */
export async function holdDatabase(db: Database): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = db.transaction(async (tx) => {
    await tx.execute(sql`lock table access_tokens, users, user_sections, sync_state, colleges in access exclusive mode`);
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await holder;
  };
}

/** The rows of a raw statement (both drivers answer `{ rows }`). */
export async function selectRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * A server whose quiet polls' memory outlasts the test (server/sync/quietPolls.ts): a
 * session or a counter is forgotten only when a notification says so, never by the clock,
 * and a counter is read again only when the process does not know it.
 */
export const lastingQuietPolls = { quietPolls: { sessionTtlMs: 3_600_000, counterRefreshMs: 3_600_000, counterTtlMs: 3_600_000 } } satisfies Partial<AppConfig>;

export interface QueryLog {
  /** Runs `work` and returns the statements that it (and nothing else running meanwhile) sent the database, as SQL text. */
  during<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }>;
  /** How many statements anything sent since the log began. */
  sent(): number;
  stop(): void;
}

/**
 * Tells a reply made from memory from one that asked the database: records each statement
 * sent to the server's database client by the code that `during` runs, followed through
 * its awaits (AsyncLocalStorage), whatever else the process does meanwhile. PGlite: its
 * `query` and `transaction`; PostgreSQL: the pool's `query` and the statements of the
 * connections drizzle's transactions check out with `connect`.
 */
export function logQueries(db: Database): QueryLog {
  const client = (db as unknown as { $client: unknown }).$client;
  const context = new AsyncLocalStorage<string[]>();
  /** Inside pg's pool.query, already recorded: the statement of the connection it checks out is the same one. */
  const quietly = new AsyncLocalStorage<boolean>();
  let sent = 0;
  const record = (query: unknown) => {
    sent++;
    context.getStore()?.push(typeof query === 'string' ? query : String((query as { text?: unknown }).text));
  };
  type Query = (query: unknown, ...rest: unknown[]) => unknown;
  const logged = new WeakSet<object>();
  const wrapQuery = (target: { query: Query }, inner: 'record' | 'quiet' = 'record') => {
    if (logged.has(target)) return target;
    logged.add(target);
    const original = target.query;
    target.query = function (this: unknown, query: unknown, ...rest: unknown[]) {
      if (!quietly.getStore()) record(query);
      // pg's pool.query checks a connection out and queries it: one statement, not two.
      return inner === 'quiet' ? quietly.run(true, () => original.call(this, query, ...rest)) : original.call(this, query, ...rest);
    };
    return target;
  };
  let restore: () => void;
  if (client instanceof PGlite) {
    const pglite = client as unknown as { query: Query; transaction: (work: (tx: { query: Query }) => unknown) => unknown };
    wrapQuery(pglite);
    const transaction = client.transaction.bind(client) as unknown as typeof pglite.transaction;
    pglite.transaction = (work) => {
      record('begin');
      return transaction((tx) => work(wrapQuery(tx)));
    };
    restore = () => {
      delete (pglite as Partial<typeof pglite>).query;
      delete (pglite as Partial<typeof pglite>).transaction;
    };
  } else if (client instanceof pg.Pool) {
    const pool = client as unknown as { query: Query; connect: (...args: unknown[]) => unknown };
    wrapQuery(pool, 'quiet');
    const connect = client.connect.bind(client) as (...args: unknown[]) => unknown;
    pool.connect = (...args) => {
      if (args.length > 0) return connect(...args);
      return (connect() as Promise<pg.PoolClient>).then((connection) => wrapQuery(connection as unknown as { query: Query }) as unknown as pg.PoolClient);
    };
    restore = () => {
      delete (pool as Partial<typeof pool>).query;
      delete (pool as Partial<typeof pool>).connect;
    };
  } else {
    throw new Error('logQueries: unknown database driver');
  }
  return {
    async during(work) {
      const statements: string[] = [];
      const result = await context.run(statements, work);
      return { result, statements };
    },
    sent: () => sent,
    stop: () => restore(),
  };
}

export interface Member extends Session {
  id: string;
  email: string;
}

/** A new active member of the college with this role (a copy of the demo member of that role), in `sectionId`, signed in. */
export async function newMember(
  server: TestServer,
  host: string,
  collegeId: string,
  slug: string,
  role: Role,
  sectionIds: string[],
  childIds: string[] = [],
): Promise<Member> {
  const [template] = await server.db
    .select()
    .from(users)
    .where(and(eq(users.collegeId, collegeId), eq(users.email, `${role}@${slug}.test`)));
  const id = uuidv7();
  const email = `${id}@${slug}.test`;
  await server.db.insert(users).values({ ...template!, id, email, rut: null, name: `Nombre ${id.slice(-6)}`, sectionIds, childIds, avatar: null });
  return { app: server.app, host, token: await issueAccessToken(server.db, collegeId, id), id, email };
}
