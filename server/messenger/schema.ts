/**
 * The messenger's tables (drizzle.config.ts reads every `server/<feature>/schema.ts` into the
 * one migration history). Conversations, their members and their messages are synced with
 * a membership audience (`user:<id>` keys, contract/messenger.ts); reports and the push
 * queue stay on the server.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { conversationKinds, memberRoles } from '../../contract/messenger';
import { roles } from '../../contract/permissions';
import { colleges } from '../db/colleges';
import { users } from '../db/schema';
import { audienceColumns, releaseColumns, syncedTable } from '../db/syncedTable';

/** Audience: the keys of its current members. `last_position` numbers its messages and is not synced. */
export const conversations = syncedTable('conversations', {
  kind: text('kind', { enum: conversationKinds }).notNull(),
  name: text('name').notNull().default(''),
  description: text('description').notNull().default(''),
  membersCanReply: boolean('members_can_reply').notNull().default(true),
  createdBy: uuid('created_by').notNull(),
  lastPosition: integer('last_position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  ...audienceColumns(),
});

/**
 * One row per member of a conversation, id `<conversation>:<user>` (a member who leaves and
 * comes back gets the same row again). Audience: the conversation's members; a former
 * member's row is a tombstone.
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    id: text('id').primaryKey(),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    userRole: text('user_role', { enum: roles }).notNull(),
    role: text('role', { enum: memberRoles }).notNull().default('member'),
    muted: boolean('muted').notNull().default(false),
    deliveredPosition: integer('delivered_position').notNull().default(0),
    readPosition: integer('read_position').notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    ...audienceColumns(),
  },
  (t) => [
    index('conversation_members_college_seq_idx').on(t.collegeId, t.seq),
    index('conversation_members_conversation_idx').on(t.conversationId),
    index('conversation_members_user_idx').on(t.collegeId, t.userId),
  ],
);

/**
 * Audience: the conversation's members when it was sent (minus those removed since). A
 * guardian's message held by the staff hours has only its author until `release_at`, when
 * the release job gives it `release_keys` (server/audience/release.ts).
 */
export const messengerMessages = syncedTable(
  'messages',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').notNull(),
    text: text('text').notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    retractedAt: timestamp('retracted_at', { withTimezone: true }),
    ...audienceColumns(),
    ...releaseColumns(),
  },
  (t) => [
    index('messages_conversation_position_idx').on(t.conversationId, t.position),
    index('messages_release_idx')
      .on(t.releaseAt)
      .where(sql`${t.releaseAt} is not null`),
  ],
);

/** A member's report of a message, for the college's administrators. */
export const messageReports = pgTable(
  'message_reports',
  {
    id: uuid('id').primaryKey(),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messengerMessages.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The text when it was reported: an author deleting it afterwards does not hide it from the school. */
    reportedText: text('reported_text').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_reports_college_created_idx').on(t.collegeId, t.createdAt)],
);

/**
 * Pushes owed to members for messages (server/messenger/messengerPush.ts): one row per
 * member and conversation, due now or at the end of their quiet hours; a message arriving
 * before it is sent updates the row (one notification says "3 new messages").
 */
export const messengerPushes = pgTable(
  'messenger_pushes',
  {
    id: text('id').primaryKey(),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').notNull(),
    count: integer('count').notNull().default(1),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    takenUntil: timestamp('taken_until', { withTimezone: true }),
  },
  (t) => [index('messenger_pushes_due_idx').on(t.dueAt)],
);

/**
 * The school's messenger rule (contract/messengerRules.ts): one row per college, its id the
 * college's, synced to every member of the college (no audience). Each `<from>_to_<to>`
 * says whether a member of the first group may start a one-to-one conversation with one
 * of the second. No row: the defaults.
 */
export const messengerRules = syncedTable('messenger_rules', {
  staffToStaff: boolean('staff_to_staff').notNull().default(true),
  staffToStudent: boolean('staff_to_student').notNull().default(true),
  staffToGuardian: boolean('staff_to_guardian').notNull().default(true),
  studentToStaff: boolean('student_to_staff').notNull().default(true),
  studentToStudent: boolean('student_to_student').notNull().default(false),
  studentToGuardian: boolean('student_to_guardian').notNull().default(true),
  guardianToStaff: boolean('guardian_to_staff').notNull().default(true),
  guardianToStudent: boolean('guardian_to_student').notNull().default(true),
  guardianToGuardian: boolean('guardian_to_guardian').notNull().default(false),
  studentsReplyInGroups: boolean('students_reply_in_groups').notNull().default(true),
  staffHoursOn: boolean('staff_hours_on').notNull().default(false),
  staffHoursDays: integer('staff_hours_days')
    .array()
    .notNull()
    .default(sql`'{1,2,3,4,5}'::integer[]`),
  staffHoursStart: text('staff_hours_start').notNull().default('08:00'),
  staffHoursEnd: text('staff_hours_end').notNull().default('17:00'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
