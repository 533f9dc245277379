/**
 * The audit trail's records (docs/features/audit.md): written by every feature through
 * `recordAudit`, read by the audit feature (server/audit/). Append-only: a trigger of
 * migration 0020 refuses UPDATE, and DELETE except by the retention job or with the college
 * itself. Read over REST only, never synced.
 */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { auditKinds, auditVias, type AuditValues } from '../../contract/audit';
import { colleges } from '../db/colleges';

/**
 * Who and whom are ids without foreign keys, with their names as they were: a record outlives
 * what it speaks of, and must not stop anything else from being removed.
 */
export const auditRecords = pgTable(
  'audit_records',
  {
    id: uuid('id').primaryKey(),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: auditKinds }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull().default(''),
    subjectMemberId: uuid('subject_member_id'),
    subjectName: text('subject_name').notNull().default(''),
    via: text('via', { enum: auditVias }).notNull(),
    deviceId: text('device_id'),
    sessionId: uuid('session_id'),
    userAgent: text('user_agent').notNull().default(''),
    before: jsonb('before').$type<AuditValues>(),
    after: jsonb('after').$type<AuditValues>(),
  },
  (t) => [
    index('audit_records_college_created_idx').on(t.collegeId, t.createdAt),
    index('audit_records_subject_idx').on(t.collegeId, t.subjectMemberId),
    index('audit_records_actor_idx').on(t.collegeId, t.actorId),
  ],
);
