import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { keysOfMembers } from '../../contract/audience';
import { messages } from '../../contract/messages';
import {
  conversationMemberId,
  directConversationId,
  groupMembersMax,
  messageEditWindowMs,
  startRefusal,
  type AddMembersArgs,
  type ConversationMemberRole,
  type Correspondent,
  type CreateGroupArgs,
  type EditMessageArgs,
  type MarkArgs,
  type ReportMessageArgs,
  type SectionMemberScope,
  type SendMessageArgs,
  type StartDirectArgs,
  type UpdateGroupArgs,
} from '../../contract/messenger';
import { heldByStaffHours, staffHoursOpening, writeRefusal, type MessengerRulesFields } from '../../contract/messengerRules';
import { can, type Role } from '../../contract/permissions';
import { looksLikeUuid } from '../audience/references';
import { nextAudience } from '../audience/visibility';
import { isTimeZone } from '../../contract/eventTime';
import { colleges } from '../db/colleges';
import type { Database } from '../db/client';
import { userSections, users } from '../db/schema';
import { forbidden, HttpError, notFound, ValidationFailed } from '../http/errors';
import type { MutationActor } from '../sync/mutation';
import type { Write } from '../sync/writeInCollege';
import type { ConversationMemberRecord, ConversationRecord, MessageRecord } from './messengerEntities';
import { queuePushes } from './messengerPush';
import { rulesOf } from './messengerRulesService';
import { conversationMembers, conversations, messageReports, messengerMessages } from './schema';

/**
 * Writing the messenger: the one implementation behind the push mutations (messenger.*).
 * A conversation of another college, or one the actor is not a member of, is not found
 * (404): its existence is not told. Every write runs under the college's write lock
 * (`writeInCollege`), which also orders the messages of a conversation: a message's
 * position is its conversation's counter plus one, given at commit order.
 *
 * Audiences (contract/messenger.ts): the conversation row and its member rows are for the
 * current members; a message for the members when it was sent. A change of membership
 * re-stamps the conversation's rows so that whoever joined receives the conversation and
 * whoever left receives deletes for all of it.
 */

async function rowsOf<T>(tx: Database, query: SQL): Promise<T[]> {
  const result: unknown = await tx.execute(query);
  return (result as { rows: T[] }).rows;
}

const unknownMember = (field: string) => new ValidationFailed({ [field]: [messages.unknownReference] });

const displayName = (user: { name: string; firstLastname: string }) => [user.name, user.firstLastname].filter(Boolean).join(' ');

/** The conversation, locked for the rest of the write, and the actor's live membership; 404 otherwise. */
async function memberConversation(
  write: Write,
  actor: MutationActor,
  id: string,
): Promise<{ conversation: ConversationRecord; member: ConversationMemberRecord }> {
  const [conversation] = looksLikeUuid(id)
    ? await write.tx
        .select()
        .from(conversations)
        .where(and(eq(conversations.id, id.toLowerCase()), eq(conversations.collegeId, write.collegeId), isNull(conversations.deletedAt)))
        .for('update')
    : [];
  const member = conversation ? await liveMember(write, conversation.id, actor.user.id) : null;
  if (!conversation || !member) throw notFound(messages.conversationNotFound);
  return { conversation, member };
}

async function liveMember(write: Write, conversationId: string, userId: string): Promise<ConversationMemberRecord | null> {
  const [row] = await write.tx
    .select()
    .from(conversationMembers)
    .where(and(eq(conversationMembers.id, conversationMemberId(conversationId, userId)), isNull(conversationMembers.deletedAt)));
  return row ?? null;
}

async function liveMembers(write: Write, conversationId: string): Promise<ConversationMemberRecord[]> {
  return write.tx
    .select()
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), isNull(conversationMembers.deletedAt)));
}

function assertGroupAdmin(conversation: ConversationRecord, member: ConversationMemberRecord): void {
  if (conversation.kind !== 'group' || member.role !== 'admin') throw new HttpError(403, messages.groupAdminOnly);
}

interface Person extends Correspondent {
  name: string;
}

/** Active members of the college among `ids` (lower-cased), as people. */
async function activePeople(write: Write, ids: readonly string[]): Promise<Map<string, Person>> {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))].filter(looksLikeUuid);
  if (wanted.length === 0) return new Map();
  const rows = await write.tx
    .select({ id: users.id, role: users.role, name: users.name, firstLastname: users.firstLastname, sectionIds: users.sectionIds, childIds: users.childIds })
    .from(users)
    .where(and(eq(users.collegeId, write.collegeId), inArray(users.id, wanted), eq(users.status, 'active'), isNull(users.removedAt)));
  return new Map(rows.map((row) => [row.id, { id: row.id, role: row.role, name: displayName(row), sectionIds: row.sectionIds, childIds: row.childIds }]));
}

const scopeRoles: Record<SectionMemberScope, Role[]> = { everyone: ['student', 'guardian'], students: ['student'], guardians: ['guardian'] };

/** The active members of the college's sections `sectionIds` with a role of `scope`. */
async function sectionMemberIds(write: Write, sectionIds: readonly string[], scope: SectionMemberScope): Promise<string[]> {
  const wanted = [...new Set(sectionIds.map((id) => id.toLowerCase()))];
  if (wanted.length === 0) return [];
  const rows = await write.tx
    .selectDistinct({ id: users.id })
    .from(userSections)
    .innerJoin(users, eq(users.id, userSections.userId))
    .where(
      and(
        eq(userSections.collegeId, write.collegeId),
        inArray(userSections.sectionId, wanted),
        inArray(users.role, scopeRoles[scope]),
        eq(users.status, 'active'),
        isNull(users.removedAt),
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * The people a group takes: the listed members (each an active member of the college, or
 * 422) and the sections' members. A group admin without `messenger.groups.create` (a
 * student made admin) adds only people they may write to themself.
 */
async function peopleToAdd(
  write: Write,
  actor: MutationActor,
  args: { member_ids: string[]; section_ids: string[]; section_scope: SectionMemberScope },
  extra: readonly string[] = [],
): Promise<Map<string, Person>> {
  const listed = [...args.member_ids, ...extra];
  const people = await activePeople(write, listed);
  if (listed.some((id) => !people.has(id.toLowerCase()))) throw unknownMember('member_ids');
  if (args.section_ids.length > 0) {
    const fromSections = await sectionMemberIds(write, args.section_ids, args.section_scope);
    for (const [id, person] of await activePeople(
      write,
      fromSections.filter((id) => !people.has(id)),
    ))
      people.set(id, person);
  }
  if (!can(actor.user.role, 'messenger.groups.create')) {
    const self: Correspondent = { id: actor.user.id, role: actor.user.role, sectionIds: actor.user.sectionIds, childIds: actor.user.childIds };
    const rules = await rulesOf(write.tx, write.collegeId);
    for (const person of people.values()) if (person.id !== actor.user.id) refuseStart(self, person, rules);
  }
  return people;
}

/** 403 naming the school's rule, or the missing tie between the two, when `from` may not start a conversation with `to`. */
function refuseStart(from: Correspondent, to: Correspondent, rules: MessengerRulesFields): void {
  const refusal = startRefusal(from, to, rules);
  if (refusal === 'rule') throw new HttpError(403, messages.messengerRuleStart);
  if (refusal === 'unrelated') throw new HttpError(403, messages.conversationNotAllowed);
}

/**
 * Gives the rows matched by `where` (in `table`) new change numbers, one each, in one
 * statement, setting `set` as well: the conversation's members after a change of membership,
 * a former member's messages. `pokeKeys` covers every key any of them was ever for.
 */
async function restamp(write: Write, table: 'conversation_members' | 'messages', where: SQL, set: SQL, pokeKeys: readonly string[]): Promise<void> {
  const [counted] = await rowsOf<{ n: number }>(write.tx, sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`);
  const n = counted?.n ?? 0;
  if (n === 0) return;
  const first = write.stamp(pokeKeys);
  for (let i = 1; i < n; i++) write.stamp(pokeKeys);
  await write.tx.execute(sql`
    with numbered as (select id, row_number() over (order by seq, id) as rn from ${sql.identifier(table)} where ${where})
    update ${sql.identifier(table)} as t set ${set}, seq = ${first - 1} + numbered.rn
    from numbered where t.id = numbered.id`);
}

const textArray = (values: readonly string[]) => sql`${`{${values.map((v) => `"${v}"`).join(',')}}`}::text[]`;

/**
 * After a change of membership: the conversation and every live member row are for the
 * members now (each row numbered again, so joiners receive them and leavers get deletes).
 */
async function stampMembership(
  write: Write,
  conversation: ConversationRecord,
  touched: { updatedAt?: Date; fields?: Partial<ConversationRecord> } = {},
): Promise<ConversationRecord> {
  const members = await liveMembers(write, conversation.id);
  if (members.length === 0) {
    // The last member left: nobody may see it any more; every device that had it gets a delete.
    const now = new Date();
    const [row] = await write.tx
      .update(conversations)
      .set({ deletedAt: now, updatedAt: now, audienceKeys: [], seq: write.stamp(conversation.seenKeys) })
      .where(eq(conversations.id, conversation.id))
      .returning();
    return row!;
  }
  const keys = nextAudience(keysOfMembers(members.map((m) => m.userId)), conversation);
  const [row] = await write.tx
    .update(conversations)
    .set({ ...touched.fields, updatedAt: touched.updatedAt ?? conversation.updatedAt, ...keys, seq: write.stamp(keys.seenKeys) })
    .where(eq(conversations.id, conversation.id))
    .returning();
  await restamp(
    write,
    'conversation_members',
    sql`conversation_id = ${conversation.id} and (deleted_at is null or not (audience_keys = '{}'::text[]))`,
    sql`audience_keys = case when t.deleted_at is null then ${textArray(keys.audienceKeys)} else '{}'::text[] end, seen_keys = ${textArray(keys.seenKeys)}`,
    keys.seenKeys,
  );
  return row!;
}

/** Adds (or brings back) members; their markers start at the conversation's last message. */
async function addMembers(
  write: Write,
  conversation: ConversationRecord,
  people: Iterable<Person>,
  roles: ReadonlyMap<string, ConversationMemberRole> = new Map(),
): Promise<void> {
  const now = new Date();
  const values = [...people].map((person) => ({
    id: conversationMemberId(conversation.id, person.id),
    collegeId: write.collegeId,
    conversationId: conversation.id,
    userId: person.id,
    name: person.name,
    userRole: person.role,
    role: roles.get(person.id) ?? ('member' as const),
    deliveredPosition: conversation.lastPosition,
    readPosition: conversation.lastPosition,
    joinedAt: now,
  }));
  for (let i = 0; i < values.length; i += 500) {
    // An existing live member keeps their row (and role); a former one comes back as new.
    await write.tx
      .insert(conversationMembers)
      .values(values.slice(i, i + 500))
      .onConflictDoUpdate({
        target: conversationMembers.id,
        set: {
          deletedAt: null,
          name: sql`excluded.name`,
          userRole: sql`excluded.user_role`,
          role: sql`case when ${conversationMembers.deletedAt} is null then ${conversationMembers.role} else excluded.role end`,
          muted: sql`case when ${conversationMembers.deletedAt} is null then ${conversationMembers.muted} else false end`,
          deliveredPosition: sql`case when ${conversationMembers.deletedAt} is null then ${conversationMembers.deliveredPosition} else excluded.delivered_position end`,
          readPosition: sql`case when ${conversationMembers.deletedAt} is null then ${conversationMembers.readPosition} else excluded.read_position end`,
          joinedAt: sql`case when ${conversationMembers.deletedAt} is null then ${conversationMembers.joinedAt} else excluded.joined_at end`,
        },
      });
  }
}

async function assertGroupSize(write: Write, conversationId: string): Promise<void> {
  const [row] = await rowsOf<{ n: number }>(
    write.tx,
    sql`select count(*)::int as n from conversation_members where conversation_id = ${conversationId} and deleted_at is null`,
  );
  if ((row?.n ?? 0) > groupMembersMax) throw new ValidationFailed({ member_ids: [messages.groupTooLarge] });
}

/** `messenger.startDirect`: the conversation of two members, made once whoever starts it first. */
export async function startDirect(write: Write, actor: MutationActor, args: StartDirectArgs): Promise<void> {
  const otherId = args.user_id.toLowerCase();
  if ((await directConversationId(actor.user.id, otherId)) !== args.id.toLowerCase()) throw new ValidationFailed({ id: [messages.invalidData] });
  const [existing] = await write.tx.select().from(conversations).where(eq(conversations.id, args.id.toLowerCase())).for('update');
  if (existing) {
    if (existing.collegeId !== write.collegeId) throw new HttpError(409, messages.conflict);
    if (await liveMember(write, existing.id, actor.user.id)) return;
  }
  const people = await activePeople(write, [actor.user.id, otherId]);
  const self = people.get(actor.user.id);
  const other = people.get(otherId);
  if (!self || !other) throw unknownMember('user_id');
  refuseStart(self, other, await rulesOf(write.tx, write.collegeId));
  const now = new Date();
  const [conversation] = existing
    ? [existing]
    : await write.tx
        .insert(conversations)
        .values({ id: args.id.toLowerCase(), collegeId: write.collegeId, kind: 'direct', createdBy: actor.user.id, createdAt: now, updatedAt: now, seq: 0 })
        .returning();
  await addMembers(write, conversation!, [self, other]);
  await stampMembership(write, conversation!, { updatedAt: now });
}

/** `messenger.createGroup`: the creator is an admin, as are `admin_ids`. */
export async function createGroup(write: Write, actor: MutationActor, args: CreateGroupArgs): Promise<void> {
  if (!can(actor.user.role, 'messenger.groups.create')) throw forbidden();
  const people = await peopleToAdd(write, actor, args, [actor.user.id, ...args.admin_ids]);
  if (people.size > groupMembersMax) throw new ValidationFailed({ member_ids: [messages.groupTooLarge] });
  const now = new Date();
  const [conversation] = await write.tx
    .insert(conversations)
    .values({
      id: args.id.toLowerCase(),
      collegeId: write.collegeId,
      kind: 'group',
      name: args.name,
      description: args.description,
      membersCanReply: args.members_can_reply,
      createdBy: actor.user.id,
      createdAt: now,
      updatedAt: now,
      seq: 0,
    })
    .onConflictDoNothing()
    .returning();
  if (!conversation) throw new HttpError(409, messages.conflict);
  const admins = new Map<string, ConversationMemberRole>([actor.user.id, ...args.admin_ids.map((id) => id.toLowerCase())].map((id) => [id, 'admin']));
  await addMembers(write, conversation, people.values(), admins);
  await stampMembership(write, conversation, { updatedAt: now });
}

export async function updateGroup(write: Write, actor: MutationActor, args: UpdateGroupArgs): Promise<void> {
  const { conversation, member } = await memberConversation(write, actor, args.id);
  assertGroupAdmin(conversation, member);
  const keys = nextAudience(conversation.audienceKeys, conversation);
  await write.tx
    .update(conversations)
    .set({ name: args.name, description: args.description, membersCanReply: args.members_can_reply, updatedAt: new Date(), seq: write.stamp(keys.seenKeys) })
    .where(eq(conversations.id, conversation.id));
}

export async function addGroupMembers(write: Write, actor: MutationActor, args: AddMembersArgs): Promise<void> {
  const { conversation, member } = await memberConversation(write, actor, args.conversation_id);
  assertGroupAdmin(conversation, member);
  const people = await peopleToAdd(write, actor, args);
  await addMembers(write, conversation, people.values());
  await assertGroupSize(write, conversation.id);
  await stampMembership(write, conversation, { updatedAt: new Date() });
}

/**
 * A member leaves (or a group admin removes them): their row becomes a tombstone, the
 * conversation and its members are no longer for them, and every message they had is
 * numbered again without their key, so their devices drop the whole conversation.
 */
async function removeFromConversation(write: Write, conversation: ConversationRecord, leaving: ConversationMemberRecord): Promise<void> {
  if (leaving.role === 'admin') {
    const others = (await liveMembers(write, conversation.id)).filter((m) => m.userId !== leaving.userId);
    if (others.length > 0 && !others.some((m) => m.role === 'admin')) throw new HttpError(409, messages.groupLastAdmin);
  }
  await write.tx.update(conversationMembers).set({ deletedAt: new Date() }).where(eq(conversationMembers.id, leaving.id));
  const key = keysOfMembers([leaving.userId])[0]!;
  const updated = await stampMembership(write, conversation, { updatedAt: new Date() });
  await restamp(
    write,
    'messages',
    // A message the staff hours still hold is not given to them at its release either.
    sql`conversation_id = ${conversation.id} and (audience_keys @> ${textArray([key])} or release_keys @> ${textArray([key])})`,
    sql`audience_keys = array_remove(t.audience_keys, ${key}), release_keys = array_remove(t.release_keys, ${key})`,
    updated.seenKeys,
  );
}

export async function removeMember(write: Write, actor: MutationActor, args: { conversation_id: string; user_id: string }): Promise<void> {
  const { conversation, member } = await memberConversation(write, actor, args.conversation_id);
  if (args.user_id.toLowerCase() === actor.user.id) return leave(write, actor, { conversation_id: conversation.id });
  assertGroupAdmin(conversation, member);
  const removed = await liveMember(write, conversation.id, args.user_id);
  if (!removed) throw notFound(messages.memberNotFound);
  await removeFromConversation(write, conversation, removed);
}

export async function leave(write: Write, actor: MutationActor, args: { conversation_id: string }): Promise<void> {
  const { conversation, member } = await memberConversation(write, actor, args.conversation_id);
  if (conversation.kind === 'direct') throw new HttpError(409, messages.directCannotLeave);
  await removeFromConversation(write, conversation, member);
}

export async function setAdmin(write: Write, actor: MutationActor, args: { conversation_id: string; user_id: string; admin: boolean }): Promise<void> {
  const { conversation, member } = await memberConversation(write, actor, args.conversation_id);
  assertGroupAdmin(conversation, member);
  const target = await liveMember(write, conversation.id, args.user_id);
  if (!target) throw notFound(messages.memberNotFound);
  const role: ConversationMemberRole = args.admin ? 'admin' : 'member';
  if (target.role === role) return;
  if (role === 'member' && !(await liveMembers(write, conversation.id)).some((m) => m.role === 'admin' && m.userId !== target.userId)) {
    throw new HttpError(409, messages.groupLastAdmin);
  }
  await write.tx
    .update(conversationMembers)
    .set({ role, seq: write.stamp(target.seenKeys) })
    .where(eq(conversationMembers.id, target.id));
}

export async function mute(write: Write, actor: MutationActor, args: { conversation_id: string; muted: boolean }): Promise<void> {
  const { member } = await memberConversation(write, actor, args.conversation_id);
  if (member.muted === args.muted) return;
  await write.tx
    .update(conversationMembers)
    .set({ muted: args.muted, seq: write.stamp(member.seenKeys) })
    .where(eq(conversationMembers.id, member.id));
}

/**
 * `messenger.send`: once per id. A message pushed again (a device that did not hear the
 * answer) finds its row and changes nothing; an id of someone else's message is a conflict.
 */
export async function sendMessage(write: Write, actor: MutationActor, args: SendMessageArgs): Promise<void> {
  const id = args.id.toLowerCase();
  const [existing] = await write.tx.select().from(messengerMessages).where(eq(messengerMessages.id, id));
  if (existing) {
    if (existing.collegeId === write.collegeId && existing.authorId === actor.user.id && existing.conversationId === args.conversation_id.toLowerCase()) return;
    throw new HttpError(409, messages.conflict);
  }
  const { conversation, member } = await memberConversation(write, actor, args.conversation_id);
  if (conversation.kind === 'group' && !conversation.membersCanReply && member.role !== 'admin') throw new HttpError(403, messages.groupRepliesClosed);
  const members = await liveMembers(write, conversation.id);
  const rules = await rulesOf(write.tx, write.collegeId);
  refuseByRule(conversation, member, members, rules);
  const position = conversation.lastPosition + 1;
  // The counter is the server's own column (not on the wire): the row keeps its number.
  await write.tx.update(conversations).set({ lastPosition: position }).where(eq(conversations.id, conversation.id));
  const now = new Date();
  const recipients = members.filter((m) => m.userId !== actor.user.id && !m.muted).map((m) => m.userId);
  const everyone = keysOfMembers(members.map((m) => m.userId));
  const heldUntil = await staffHoursHold(write, member, members, rules, now);
  // Held by the staff hours: only its author has it until the opening, when the release
  // job gives it to the others and queues their pushes (messageEntity's `released`).
  const keys = nextAudience(heldUntil ? keysOfMembers([actor.user.id]) : everyone);
  await write.tx.insert(messengerMessages).values({
    id,
    collegeId: write.collegeId,
    conversationId: conversation.id,
    authorId: actor.user.id,
    text: args.text,
    position,
    createdAt: now,
    ...keys,
    ...(heldUntil && { releaseAt: heldUntil, releaseKeys: everyone }),
    seq: write.stamp(keys.seenKeys),
  });
  // The sender has read what they wrote: their markers move with it.
  await write.tx
    .update(conversationMembers)
    .set({ readPosition: position, deliveredPosition: position, seq: write.stamp(member.seenKeys) })
    .where(eq(conversationMembers.id, member.id));
  if (!heldUntil) await queuePushes(write, { conversationId: conversation.id, messageId: id, now, recipients });
}

/**
 * When the college's staff hours hold a new message (contract/messengerRules.ts): a
 * guardian's to staff, sent outside the hours, waits for the next opening in the college's
 * time zone. Read when the message reaches the server, so one written offline inside the
 * hours and sent after them waits too.
 */
async function staffHoursHold(
  write: Write,
  author: ConversationMemberRecord,
  members: readonly ConversationMemberRecord[],
  rules: MessengerRulesFields,
  now: Date,
): Promise<Date | null> {
  if (!rules.staff_hours_on || !heldByStaffHours(author, members)) return null;
  const [college] = await write.tx.select({ timeZone: colleges.timeZone }).from(colleges).where(eq(colleges.id, write.collegeId));
  const zone = college && isTimeZone(college.timeZone) ? college.timeZone : 'UTC';
  return staffHoursOpening(rules, zone, now);
}

/** The school's rule on a message, read when it reaches the server: a message written offline before the rule changed meets the new rule. */
function refuseByRule(
  conversation: ConversationRecord,
  member: ConversationMemberRecord,
  members: ConversationMemberRecord[],
  rules: MessengerRulesFields,
): void {
  const refusal = writeRefusal(rules, conversation, member, members);
  if (refusal === 'groupReply') throw new HttpError(403, messages.messengerRuleGroupReply);
  if (refusal === 'conversation') throw new HttpError(403, messages.messengerRuleConversation);
}

/** The author's live message in a conversation they are still a member of; 404 otherwise. */
async function ownMessage(write: Write, actor: MutationActor, id: string, allowAdmin = false): Promise<MessageRecord> {
  const [row] = looksLikeUuid(id)
    ? await write.tx
        .select()
        .from(messengerMessages)
        .where(and(eq(messengerMessages.id, id.toLowerCase()), eq(messengerMessages.collegeId, write.collegeId), isNull(messengerMessages.deletedAt)))
        .for('update')
    : [];
  if (!row || !row.audienceKeys.includes(keysOfMembers([actor.user.id])[0]!)) {
    // A college administrator may delete any message of the college (after a report).
    if (row && allowAdmin && actor.user.role === 'admin') return row;
    throw notFound(messages.messageNotFound);
  }
  if (row.authorId !== actor.user.id && !(allowAdmin && actor.user.role === 'admin')) throw forbidden();
  return row;
}

export async function editMessage(write: Write, actor: MutationActor, args: EditMessageArgs): Promise<void> {
  const row = await ownMessage(write, actor, args.id);
  if (row.retractedAt) throw new HttpError(409, messages.messageDeleted);
  if (Date.now() - row.createdAt.getTime() > messageEditWindowMs) throw new HttpError(409, messages.messageEditExpired);
  if (row.text === args.text) return;
  await write.tx
    .update(messengerMessages)
    .set({ text: args.text, editedAt: new Date(), seq: write.stamp(row.seenKeys) })
    .where(eq(messengerMessages.id, row.id));
}

/** The text is gone from the database too; the message keeps its place, shown as deleted. */
export async function deleteMessage(write: Write, actor: MutationActor, args: { id: string }): Promise<void> {
  const row = await ownMessage(write, actor, args.id, true);
  if (row.retractedAt) return;
  await write.tx
    .update(messengerMessages)
    .set({ text: '', retractedAt: new Date(), seq: write.stamp(row.seenKeys) })
    .where(eq(messengerMessages.id, row.id));
}

/** `messenger.delivered` / `messenger.read`: markers only move up, to at most the last message. */
export async function mark(write: Write, actor: MutationActor, args: MarkArgs, which: 'delivered' | 'read'): Promise<void> {
  const { conversation, member } = await memberConversation(write, actor, args.conversation_id);
  const position = Math.min(args.position, conversation.lastPosition);
  const read = which === 'read' ? Math.max(member.readPosition, position) : member.readPosition;
  // What was read was delivered.
  const delivered = Math.max(member.deliveredPosition, position, read);
  if (read === member.readPosition && delivered === member.deliveredPosition) return;
  await write.tx
    .update(conversationMembers)
    .set({ readPosition: read, deliveredPosition: delivered, seq: write.stamp(member.seenKeys) })
    .where(eq(conversationMembers.id, member.id));
}

/** `messenger.report`: of a message the reporter received; once per report id. */
export async function reportMessage(write: Write, actor: MutationActor, args: ReportMessageArgs): Promise<void> {
  const [row] = await write.tx
    .select()
    .from(messengerMessages)
    .where(and(eq(messengerMessages.id, args.message_id.toLowerCase()), eq(messengerMessages.collegeId, write.collegeId), isNull(messengerMessages.deletedAt)));
  if (!row || !row.audienceKeys.includes(keysOfMembers([actor.user.id])[0]!)) throw notFound(messages.messageNotFound);
  const [inserted] = await write.tx
    .insert(messageReports)
    .values({
      id: args.id.toLowerCase(),
      collegeId: write.collegeId,
      messageId: row.id,
      reporterId: actor.user.id,
      reportedText: row.text,
      reason: args.reason,
    })
    .onConflictDoNothing()
    .returning({ id: messageReports.id });
  if (inserted) return;
  const [previous] = await write.tx.select().from(messageReports).where(eq(messageReports.id, args.id.toLowerCase()));
  if (!previous || previous.reporterId !== actor.user.id || previous.messageId !== row.id) throw new HttpError(409, messages.conflict);
}
