import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from '../../contract/ids';
import type { AudienceScope } from '../../contract/audience';
import type { CreateEventArgs, EventFieldsInput } from '../../contract/events';
import type { CreateNotificationArgs } from '../../contract/notifications';
import type { CreatePostArgs, PostScope } from '../../contract/posts';
import type { Change, MutationResult, PullResponse } from '../../contract/sync';
import type { Database } from '../../server/db/client';
import { colleges, courses, grades, sections } from '../../server/db/schema';
import { categories } from '../../server/posts/schema';
import { bearer, json } from './harness';

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
  const [category] = await db.select().from(categories).where(and(eq(categories.collegeId, collegeId), eq(categories.slug, 'noticias')));
  const gradeRows = await db.select().from(grades).where(eq(grades.collegeId, collegeId));
  const sectionRows = await db.select().from(sections).where(eq(sections.collegeId, collegeId));
  const courseRows = await db.select().from(courses).where(inArray(courses.id, gradeRows.map((g) => g.courseId)));
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
export function eventArgs(
  refs: CollegeRefs,
  sectionNames: string[],
  scope: AudienceScope,
  overrides: Partial<EventFieldsInput> = {},
): CreateEventArgs {
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
