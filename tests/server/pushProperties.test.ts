import { and, eq, ne } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../contract/ids';
import { mutationError, type MutationResult } from '../../contract/sync';
import { jsonBodyLimit } from '../../server/app';
import { attachments } from '../../server/attachments/schema';
import { contacts } from '../../server/contacts/schema';
import { documentCategories, documents } from '../../server/documents/schema';
import { notifications } from '../../server/notifications/schema';
import { courses, grades, places, sections, users } from '../../server/db/schema';
import { categories, posts } from '../../server/posts/schema';
import { registry } from '../../server/features';
import { backends, bearer, hostOf, signIn, startServer, type TestServer } from './harness';
import { applyChanges, changes, type Change } from './hostileValues';
import { keysOfMembers } from '../../contract/audience';
import { directConversationId } from '../../contract/messenger';
import { defaultMessengerRules } from '../../contract/messengerRules';
import { auditRetentionChoices } from '../../contract/audit';
import { visibleTo } from '../../server/audience/visibility';
import { conversations, messengerMessages } from '../../server/messenger/schema';
import { collegeRefs, eventArgs, notificationArgs, postArgs, push, type CollegeRefs, type Session } from './syncHelpers';

/** Every mutation a device may push (the registry the server looks names up in). */
const registeredNames = [...registry.mutations.keys()];

/** What the examples draw on: the college's structure, its posts, events and notifications, ids of another college. */
interface World {
  refs: CollegeRefs;
  postIds: string[];
  eventIds: string[];
  /** Sent by an administrator: the staff member and the student have a receipt of each. */
  notificationIds: string[];
  /** The demo documents and categories of the college. */
  documentIds: string[];
  documentCategoryIds: string[];
  /** Attachments of the college's posts (the demo photos, and files of the posts made here). */
  attachmentIds: string[];
  /** The demo directory of the college. */
  contactIds: string[];
  /** The college's structure: places, courses, the first course's grades, sections, post categories. */
  structure: { placeIds: string[]; courseIds: string[]; gradeIds: string[]; sectionIds: string[]; categoryIds: string[] };
  foreignIds: string[];
  /** Guardians of the college (not the administrator), and the two pending sign-ups. */
  memberIds: string[];
  pendingIds: string[];
  /** Members made for `privacy.erase` (erasing the guardians above would take the other examples' rows). */
  erasableIds: string[];
  /** The staff member's messenger: conversations they are in, groups they run, a group they may leave, messages. */
  messenger: {
    conversationIds: string[];
    groupIds: string[];
    leavableGroupId: string;
    directs: { id: string; user_id: string }[];
    ownMessageIds: string[];
    othersMessageIds: string[];
  };
}

/**
 * A valid `args` per registered mutation, as a staff member would push it; `pick` chooses
 * among existing rows. A module that registers a mutation adds its example here (the first
 * test fails until it does).
 */
/**
 * New ids for the examples. Inside a property they come from the run's arbitraries (a seed
 * replays them: see `withIds`), elsewhere they are new ones.
 */
let fresh: () => string = uuidv7;

/** `fresh` draws from `ids` while `run` runs. */
async function withIds<T>(ids: fc.Stream<string>, run: () => Promise<T>): Promise<T> {
  fresh = () => ids.next().value as string;
  try {
    return await run();
  } finally {
    fresh = uuidv7;
  }
}
const idStream = () => fc.infiniteStream(fc.uuid({ version: 7 }));

const examples: Record<string, (world: World, pick: number) => Record<string, unknown>> = {
  'posts.create': (world) => ({
    ...postArgs(world.refs, ['1° Básico A'], 'everyone', { id: fresh(), title: 'Aviso de prueba' }),
    published_at: '2025-03-01T12:00:00-03:00',
  }),
  'posts.update': (world, pick) => ({
    ...postArgs(world.refs, ['1° Básico A', '2° Básico A'], 'students', { title: 'Aviso corregido' }),
    id: pickFrom(world.postIds, pick),
    published_at: '2025-03-02T08:30:00Z',
  }),
  'posts.delete': (world, pick) => ({ id: pickFrom(world.postIds, pick) }),
  'posts.view': (world, pick) => ({ post_id: pickFrom(world.postIds, pick) }),
  'events.create': (world) => ({ ...eventArgs(world.refs, ['1° Básico A'], 'everyone', { name: 'Reunión de apoderados' }), id: fresh() }),
  'events.update': (world, pick) => ({
    ...eventArgs(world.refs, ['1° Básico A', '2° Básico A'], 'students', {
      name: 'Feria científica',
      all_day: true,
      start: '2026-09-18',
      end: '2026-09-19',
      repeat: { freq: 'monthly', count: 3 },
      exceptions: ['2026-10-18'],
    }),
    id: pickFrom(world.eventIds, pick),
  }),
  'events.delete': (world, pick) => ({ id: pickFrom(world.eventIds, pick) }),
  'events.view': (world, pick) => ({ event_id: pickFrom(world.eventIds, pick) }),
  'notifications.create': (world) => notificationArgs(world.refs, ['1° Básico A'], 'everyone', { id: fresh(), title: 'Salida temprano' }),
  'notifications.read': (world, pick) => ({ notification_id: pickFrom(world.notificationIds, pick) }),
  'notifications.acknowledge': (world, pick) => ({ notification_id: pickFrom(world.notificationIds, pick) }),
  'notifications.remind': (world, pick) => ({ notification_id: pickFrom(world.notificationIds, pick) }),
  'documents.delete': (world, pick) => ({ id: pickFrom(world.documentIds, pick) }),
  'documents.downloaded': (world, pick) => ({ id: pickFrom(world.documentIds, pick) }),
  'documentCategories.create': () => ({ id: fresh(), name: 'Actas', position: 3 }),
  'documentCategories.update': (world, pick) => ({ id: pickFrom(world.documentCategoryIds, pick), name: 'Circulares 2026', position: 1 }),
  // The category made empty for it in `beforeAll` (one with documents stays: 409).
  'documentCategories.delete': (world) => ({ id: world.documentCategoryIds.at(-1)! }),
  'attachments.remove': (world, pick) => ({ id: pickFrom(world.attachmentIds, pick) }),
  // Not the photo `attachments.remove` takes off just before: the college's other one.
  'attachments.describe': (world, pick) => ({ id: pickFrom(world.attachmentIds, pick + 1), alt: 'Estantes con libros nuevos' }),
  'members.create': (world) => ({ ...memberExample(world, fresh()), email: `nuevo.${fresh()}@colinas.test` }),
  'members.update': (world, pick) => memberExample(world, pickFrom(world.memberIds, pick)),
  'members.approve': (world) => ({ id: world.pendingIds[0]! }),
  'members.reject': (world) => ({ id: world.pendingIds[1]! }),
  'members.delete': (world) => ({ id: world.memberIds.at(-1)! }),
  'members.setPin': (world, pick) => ({ id: pickFrom(world.memberIds, pick), pin: '2468' }),
  'members.deletePin': (world, pick) => ({ id: pickFrom(world.memberIds, pick) }),
  'contacts.create': () => ({
    id: fresh(),
    name: 'Biblioteca',
    title: 'Bibliotecaria',
    email: 'biblioteca@colinas.test',
    phone: '+56 2 2345 6720',
    notes: '',
    visibility: 'all',
  }),
  'contacts.update': (world, pick) => ({ id: pickFrom(world.contactIds, pick), name: 'Secretaría', phone: '(2) 2345 6789', visibility: 'staff' }),
  'contacts.delete': (world, pick) => ({ id: pickFrom(world.contactIds, pick) }),
  'places.create': () => ({ id: fresh(), name: 'Sede Norte', address: 'Av. Norte 123' }),
  'places.update': (world, pick) => ({ id: pickFrom(world.structure.placeIds, pick), name: 'Sede Central', address: 'Calle 1' }),
  'places.archive': (world, pick) => ({ id: pickFrom(world.structure.placeIds, pick), archived: pick % 2 === 0 }),
  'courses.create': () => ({ id: fresh(), name: 'Prebásica' }),
  'courses.update': (world, pick) => ({ id: pickFrom(world.structure.courseIds, pick), name: 'Enseñanza Básica' }),
  'courses.reorder': (world) => ({ ids: [...world.structure.courseIds].reverse() }),
  'courses.archive': (world, pick) => ({ id: pickFrom(world.structure.courseIds, pick), archived: pick % 2 === 0 }),
  'grades.create': (world, pick) => ({ id: fresh(), course_id: pickFrom(world.structure.courseIds, pick), name: '9° Básico' }),
  'grades.update': (world, pick) => ({ id: pickFrom(world.structure.gradeIds, pick), name: 'Primero Básico' }),
  'grades.reorder': (world) => ({ ids: [...world.structure.gradeIds].reverse() }),
  'grades.archive': (world, pick) => ({ id: pickFrom(world.structure.gradeIds, pick), archived: pick % 2 === 0 }),
  'sections.create': (world, pick) => ({
    id: fresh(),
    grade_id: pickFrom(world.structure.gradeIds, pick),
    name: 'C',
    place_id: pickFrom(world.structure.placeIds, pick),
  }),
  'sections.update': (world, pick) => ({ id: pickFrom(world.structure.sectionIds, pick), name: 'A1', place_id: null }),
  'sections.archive': (world, pick) => ({ id: pickFrom(world.structure.sectionIds, pick), archived: pick % 2 === 0 }),
  'categories.create': () => ({ id: fresh(), name: 'Deportes y más' }),
  'categories.update': (world, pick) => ({ id: pickFrom(world.structure.categoryIds, pick), name: 'Avisos' }),
  'categories.reorder': (world) => ({ ids: [...world.structure.categoryIds].reverse() }),
  'categories.archive': (world, pick) => ({ id: pickFrom(world.structure.categoryIds, pick), archived: pick % 2 === 0 }),
  'messenger.startDirect': (world, pick) => world.messenger.directs[pick % world.messenger.directs.length]!,
  'messenger.createGroup': (world, pick) => ({
    id: fresh(),
    name: 'Taller de robótica',
    description: 'Los jueves a las 15:30.',
    members_can_reply: pick % 2 === 0,
    member_ids: [pickFrom(world.memberIds, pick)],
    admin_ids: [],
    section_ids: [world.refs.sectionId('1° Básico A')],
    section_scope: 'guardians',
  }),
  'messenger.updateGroup': (world, pick) => ({
    id: pickFrom(world.messenger.groupIds, pick),
    name: 'Apoderados 1° A',
    description: 'Coordinación.',
    members_can_reply: true,
  }),
  'messenger.addMembers': (world, pick) => ({ conversation_id: pickFrom(world.messenger.groupIds, pick), member_ids: [pickFrom(world.memberIds, pick)] }),
  'messenger.setAdmin': (world, pick) => ({ conversation_id: pickFrom(world.messenger.groupIds, pick), user_id: pickFrom(world.memberIds, pick), admin: true }),
  'messenger.removeMember': (world, pick) => ({ conversation_id: pickFrom(world.messenger.groupIds, pick), user_id: pickFrom(world.memberIds, pick) }),
  'messenger.leave': (world) => ({ conversation_id: world.messenger.leavableGroupId }),
  'messenger.mute': (world, pick) => ({ conversation_id: pickFrom(world.messenger.conversationIds, pick), muted: pick % 2 === 1 }),
  'messenger.send': (world, pick) => ({
    id: fresh(),
    conversation_id: pickFrom(world.messenger.conversationIds, pick),
    text: '¿Nos vemos mañana? https://colinas.test/agenda',
  }),
  'messenger.edit': (world, pick) => ({ id: pickFrom(world.messenger.ownMessageIds, pick), text: 'Corrijo: mañana a las 9:00.' }),
  'messenger.delete': (world, pick) => ({ id: pickFrom(world.messenger.ownMessageIds, pick) }),
  'messenger.delivered': (world, pick) => ({ conversation_id: pickFrom(world.messenger.conversationIds, pick), position: pick % 5 }),
  'messenger.read': (world, pick) => ({ conversation_id: pickFrom(world.messenger.conversationIds, pick), position: pick % 5 }),
  'messenger.report': (world, pick) => ({ id: fresh(), message_id: pickFrom(world.messenger.othersMessageIds, pick), reason: 'Lenguaje ofensivo' }),
  'messenger.setRules': (_world, pick) => ({
    ...defaultMessengerRules,
    student_to_student: pick % 2 === 0,
    students_reply_in_groups: pick % 3 !== 0,
    staff_hours_on: pick % 4 === 0,
    staff_hours_days: [1 + (pick % 7), 1 + ((pick + 3) % 7)],
    staff_hours_start: '07:30',
    staff_hours_end: pick % 5 === 0 ? '24:00' : '16:45',
  }),
  'privacy.requestExport': (world, pick) => ({ id: fresh(), member_id: pickFrom(world.memberIds, pick) }),
  'privacy.erase': (world, pick) => ({ member_id: pickFrom(world.erasableIds, pick) }),
  'privacy.setSettings': (_world, pick) => ({
    erasure_policy: pick % 2 === 0 ? 'keep' : 'remove',
    message_retention_months: pick % 3 === 0 ? null : 1 + (pick % 120),
  }),
  'audit.setRetention': (_world, pick) => ({ years: auditRetentionChoices[pick % auditRetentionChoices.length] }),
};

/** A guardian's fields for `members.create`/`members.update` (the email is the member's own, by their place in the list). */
function memberExample(world: World, id: string): Record<string, unknown> {
  const index = world.memberIds.indexOf(id);
  return {
    id,
    name: 'Apoderada',
    first_lastname: 'Ejemplo',
    second_lastname: '',
    email: `ejemplo.${index < 0 ? id : index}@colinas.test`,
    rut: '',
    phone: '+56 9 1234 5678',
    birthdate: '1984-05-06',
    role: 'guardian',
    place_id: null,
    section_ids: [world.refs.sectionId('1° Básico A')],
    child_ids: [],
    status: 'active',
  };
}

/** Examples only an administrator may apply (the others are applied as staff). */
const adminExamples = new Set([
  'documentCategories.create',
  'documentCategories.update',
  'documentCategories.delete',
  'documents.delete',
  ...registeredNames.filter((name) => name.startsWith('members.')),
  'contacts.create',
  'contacts.update',
  'contacts.delete',
  'messenger.setRules',
  'privacy.requestExport',
  'privacy.erase',
  'privacy.setSettings',
  'audit.setRetention',
  ...['places', 'courses', 'grades', 'sections', 'categories'].flatMap((kind) => ['create', 'update', 'reorder', 'archive'].map((verb) => `${kind}.${verb}`)),
]);

/** Ids of a college's structure, for the structure's examples. */
async function structureOf(server: TestServer, collegeId: string): Promise<World['structure']> {
  const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
  const courseIds = ids(await server.db.select({ id: courses.id }).from(courses).where(eq(courses.collegeId, collegeId)));
  return {
    placeIds: ids(await server.db.select({ id: places.id }).from(places).where(eq(places.collegeId, collegeId))),
    courseIds,
    gradeIds: ids(await server.db.select({ id: grades.id }).from(grades).where(eq(grades.courseId, courseIds[0]!))),
    sectionIds: ids(await server.db.select({ id: sections.id }).from(sections).where(eq(sections.collegeId, collegeId))),
    categoryIds: ids(await server.db.select({ id: categories.id }).from(categories).where(eq(categories.collegeId, collegeId))),
  };
}

/**
 * The staff member's messenger in the demo college (server/messenger/seed.ts makes them an
 * admin of two groups), with a group they may leave and messages of their own sent now (a
 * message may be edited in its first 15 minutes).
 */
async function messengerOf(server: TestServer, session: Session): Promise<World['messenger']> {
  const [staff] = await server.db.select().from(users).where(eq(users.email, 'staff@colinas.test'));
  const mine = keysOfMembers([staff!.id]);
  const visible = await server.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.collegeId, staff!.collegeId), visibleTo(conversations, mine)));
  const groupIds = visible.filter((c) => c.kind === 'group').map((c) => c.id);
  const guardians = await server.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.collegeId, staff!.collegeId), eq(users.role, 'guardian'), eq(users.status, 'active')));
  const leavableGroupId = uuidv7();
  const ownMessageIds = [uuidv7(), uuidv7(), uuidv7()];
  await push(session, [
    {
      name: 'messenger.createGroup',
      args: { id: leavableGroupId, name: 'Comité de fiesta', member_ids: [guardians[0]!.id], admin_ids: [guardians[0]!.id] },
    },
    ...ownMessageIds.map((id, i) => ({ name: 'messenger.send', args: { id, conversation_id: groupIds[i % groupIds.length]!, text: `Aviso ${i + 1}` } })),
  ]);
  const others = await server.db
    .select({ id: messengerMessages.id })
    .from(messengerMessages)
    .where(and(eq(messengerMessages.collegeId, staff!.collegeId), ne(messengerMessages.authorId, staff!.id), visibleTo(messengerMessages, mine)));
  return {
    conversationIds: visible.map((c) => c.id),
    groupIds,
    leavableGroupId,
    directs: await Promise.all(guardians.slice(0, 4).map(async (g) => ({ id: await directConversationId(staff!.id, g.id), user_id: g.id }))),
    ownMessageIds,
    othersMessageIds: others.map((m) => m.id),
  };
}

const pickFrom = (list: readonly string[], pick: number) => list[pick % list.length]!;

/** Five guardians made for `privacy.erase`, copies of the demo guardian. */
async function erasableMembers(server: TestServer, collegeId: string): Promise<string[]> {
  const [template] = await server.db
    .select()
    .from(users)
    .where(and(eq(users.collegeId, collegeId), eq(users.email, 'guardian@colinas.test')));
  const ids = Array.from({ length: 5 }, () => uuidv7());
  await server.db.insert(users).values(ids.map((id) => ({ ...template!, id, email: `${id}@colinas.test`, rut: null })));
  return ids;
}

/** A mutation as generated: an example with hostile changes, or any JSON as its args. */
interface MutationSpec {
  name: string;
  pick: number;
  args: { changes: Change[] } | { json: unknown };
  /** A fresh id, one this actor pushed before (a replay) or one the other actor pushed (409). */
  id: 'fresh' | { own: number } | { others: number };
}

const mutationSpec = (foreign: readonly string[]): fc.Arbitrary<MutationSpec> =>
  fc.record({
    name: fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom(...registeredNames) },
      { weight: 1, arbitrary: fc.constantFrom('posts.nope', 'x', 'posts.create ') },
    ),
    pick: fc.nat(),
    args: fc.oneof(
      { weight: 5, arbitrary: changes(foreign).map((list) => ({ changes: list })) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((json) => ({ json })) },
    ),
    id: fc.oneof(
      { weight: 8, arbitrary: fc.constant('fresh' as const) },
      { weight: 1, arbitrary: fc.nat().map((own) => ({ own })) },
      { weight: 1, arbitrary: fc.nat().map((others) => ({ others })) },
    ),
  });

/** An administrator too, so the arguments of admin-only mutations (the structure's) are parsed, not only refused. */
type Actor = 'staff' | 'student' | 'admin';

describe.each(backends)('pushing generated mutations on $name', (backend) => {
  let server: TestServer;
  const host = hostOf('colinas');
  const tokens: Record<Actor, string> = { staff: '', student: '', admin: '' };
  let adminToken = '';
  const pushedIds: Record<Actor, string[]> = { staff: [], student: [], admin: [] };
  let world: World;

  beforeAll(async () => {
    server = await startServer(backend);
    const refs = await collegeRefs(server.db, 'colinas');
    const british = await collegeRefs(server.db, 'british');
    tokens.staff = await signIn(server.app, host, { email: 'staff@colinas.test' });
    tokens.student = await signIn(server.app, host, { email: 'student@colinas.test' });
    // Posts and events the student may see, to update, view and delete.
    const created = Array.from({ length: 30 }, () => postArgs(refs, ['1° Básico A'], 'everyone'));
    await push(
      { app: server.app, host, token: tokens.staff },
      created.map((args) => ({ name: 'posts.create', args })),
    );
    const events = Array.from({ length: 30 }, () => eventArgs(refs, ['1° Básico A'], 'everyone'));
    await push(
      { app: server.app, host, token: tokens.staff },
      events.map((args) => ({ name: 'events.create', args })),
    );
    // Notifications for the student's section, sent by an administrator (emergency alerts too).
    const admin = await signIn(server.app, host, { email: 'admin@colinas.test' });
    adminToken = admin;
    tokens.admin = admin;
    const emptyCategory = uuidv7();
    await push({ app: server.app, host, token: admin }, [{ name: 'documentCategories.create', args: { id: emptyCategory, name: 'Vacía' } }]);
    const sent = Array.from({ length: 10 }, (_, i) => notificationArgs(refs, ['1° Básico A'], 'everyone', { emergency: i % 3 === 0 }));
    await push(
      { app: server.app, host, token: admin },
      sent.map((args) => ({ name: 'notifications.create', args })),
    );
    const [britishNotification] = await server.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.collegeId, british.collegeId))
      .limit(1);
    const britishPosts = await server.db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.collegeId, british.collegeId), ne(posts.scope, 'staff')))
      .limit(3);
    const britishDocuments = await server.db.select({ id: documents.id }).from(documents).where(eq(documents.collegeId, british.collegeId)).limit(2);
    // Files of the first posts, as a finished upload would record them (their bytes are not needed to take them off).
    const files = created.slice(0, 8).map((post, i) => ({
      id: uuidv7(),
      collegeId: refs.collegeId,
      ownerKind: 'post' as const,
      ownerId: post.id,
      name: `hoja ${i}.txt`,
      mimeType: 'text/plain' as const,
      size: 6,
      sha256: '0'.repeat(64),
      fileKey: `${i}`.repeat(64),
    }));
    await server.db.insert(attachments).values(files);
    const attachmentsOf = async (collegeId: string) =>
      (await server.db.select({ id: attachments.id }).from(attachments).where(eq(attachments.collegeId, collegeId))).map((a) => a.id);
    world = {
      refs,
      documentIds: (await server.db.select({ id: documents.id }).from(documents).where(eq(documents.collegeId, refs.collegeId))).map((d) => d.id),
      documentCategoryIds: [
        ...(
          await server.db
            .select({ id: documentCategories.id })
            .from(documentCategories)
            .where(and(eq(documentCategories.collegeId, refs.collegeId), ne(documentCategories.id, emptyCategory)))
        ).map((c) => c.id),
        emptyCategory,
      ],
      postIds: created.map((p) => p.id),
      eventIds: events.map((e) => e.id),
      notificationIds: sent.map((n) => n.id),
      attachmentIds: await attachmentsOf(refs.collegeId),
      memberIds: (
        await server.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.collegeId, refs.collegeId), eq(users.role, 'guardian'), eq(users.status, 'active')))
      ).map((u) => u.id),
      pendingIds: (
        await server.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.collegeId, refs.collegeId), eq(users.status, 'pending')))
      ).map((u) => u.id),
      erasableIds: await erasableMembers(server, refs.collegeId),
      contactIds: (await server.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.collegeId, refs.collegeId))).map((c) => c.id),
      structure: await structureOf(server, refs.collegeId),
      messenger: await messengerOf(server, { app: server.app, host, token: tokens.staff }),
      foreignIds: [
        ...(await server.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.collegeId, british.collegeId)).limit(2)).map((c) => c.id),
        ...(await attachmentsOf(british.collegeId)),
        ...britishDocuments.map((d) => d.id),
        britishNotification!.id,
        ...sent.slice(0, 2).map((n) => n.id),
        ...britishPosts.map((p) => p.id),
        british.categoryId,
        british.sectionId('1° Básico A'),
        british.collegeId,
        refs.collegeId,
        refs.sectionId('1° Básico A'),
        ...created.slice(0, 3).map((p) => p.id),
        ...events.slice(0, 3).map((e) => e.id),
        ...(await server.db.select({ id: users.id }).from(users).where(eq(users.collegeId, british.collegeId)).limit(3)).map((u) => u.id),
        ...(await server.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.collegeId, british.collegeId)).limit(2)).map(
          (c) => c.id,
        ),
        ...(
          await server.db.select({ id: messengerMessages.id }).from(messengerMessages).where(eq(messengerMessages.collegeId, british.collegeId)).limit(2)
        ).map((m) => m.id),
      ],
    };
  });
  afterAll(() => server.close());

  const pushAs = async (actor: Actor, mutations: { id: string; name: string; args: unknown }[]) => {
    const payload = JSON.stringify({ clientId: `property-${actor}`, mutations });
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/sync/push',
      headers: { host, ...bearer(tokens[actor]), 'content-type': 'application/json' },
      payload,
    });
    return { payload, status: response.statusCode, body: response.body };
  };

  const idFor = (actor: Actor, choice: MutationSpec['id']) => {
    const other: Actor = actor === 'staff' ? 'student' : 'staff';
    const list = choice === 'fresh' ? [] : 'own' in choice ? pushedIds[actor] : pushedIds[other];
    const index = choice === 'fresh' ? 0 : 'own' in choice ? choice.own : choice.others;
    return list.length > 0 ? list[index % list.length]! : fresh();
  };

  it('has a valid example for every registered mutation, applied as staff (or an administrator)', async () => {
    expect(registeredNames.filter((name) => !(name in examples))).toEqual([]);
    // Deletes last: the others use the same post or event.
    const isDelete = (name: string) => Number(name.endsWith('.delete'));
    const ordered = [...registeredNames].sort((a, b) => isDelete(a) - isDelete(b));
    for (const name of ordered) {
      const example = examples[name]!(world, world.postIds.length - 1);
      const token = adminExamples.has(name) ? adminToken : tokens.staff;
      const [result] = await push({ app: server.app, host, token }, [{ name, args: example }]);
      expect({ name, result: result!.status, error: result!.error }).toEqual({ name, result: 'applied', error: undefined });
    }
  });

  it('applies or rejects every generated mutation, never 5xx, and a replay answers the same', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Actor>('staff', 'student', 'admin'),
        fc.array(mutationSpec(world.foreignIds), { minLength: 1, maxLength: 3 }),
        idStream(),
        (actor, specs, ids) =>
          withIds(ids, async () => {
            const mutations = specs.map((spec) => ({
              id: idFor(actor, spec.id),
              name: spec.name,
              args: 'json' in spec.args ? spec.args.json : applyChanges(examples[spec.name]?.(world, spec.pick) ?? {}, spec.args.changes),
            }));
            const first = await pushAs(actor, mutations);
            if (Buffer.byteLength(first.payload) > jsonBodyLimit) {
              expect(first.status).toBe(413);
              return;
            }
            expect(first.status, first.body).toBe(200);
            const results = (JSON.parse(first.body) as { results: MutationResult[] }).results;
            expect(results.map((r) => r.id)).toEqual(mutations.map((m) => m.id));
            for (const result of results) {
              expect(['applied', 'rejected']).toContain(result.status);
              if (result.status === 'rejected') expect(mutationError.safeParse(result.error).success, JSON.stringify(result)).toBe(true);
            }
            pushedIds[actor].push(...mutations.map((m) => m.id));

            const again = await pushAs(actor, mutations);
            expect(again.status, again.body).toBe(200);
            expect((JSON.parse(again.body) as { results: MutationResult[] }).results).toEqual(results);
          }),
      ),
      { numRuns: 150 },
    );
  }, 240_000);

  it("an administrator's generated members.* mutations are applied or rejected, never 5xx", async () => {
    const names = registeredNames.filter((name) => name.startsWith('members.') && name !== 'members.delete');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...names), fc.nat(), changes(world.foreignIds), idStream(), (name, pick, list, ids) =>
        withIds(ids, async () => {
          const mutations = [{ id: fresh(), name, args: applyChanges(examples[name]!(world, pick), list) }];
          const response = await server.app.inject({
            method: 'POST',
            url: '/api/v1/sync/push',
            headers: { host, ...bearer(adminToken), 'content-type': 'application/json' },
            payload: JSON.stringify({ clientId: 'property-admin', mutations }),
          });
          expect(response.statusCode, response.body).toBe(200);
          for (const result of (JSON.parse(response.body) as { results: MutationResult[] }).results) {
            if (result.status === 'rejected') expect(mutationError.safeParse(result.error).success, JSON.stringify(result)).toBe(true);
          }
        }),
      ),
      { numRuns: 80 },
    );
  }, 240_000);
});
