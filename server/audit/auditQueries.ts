import { and, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { auditPageSize, type AuditQuery, type AuditRecord } from '../../contract/audit';
import { isTimeZone } from '../../contract/eventTime';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { looksLikeUuid } from '../audience/references';
import { auditRecords } from '../auditRecord/schema';
import { colleges } from '../db/colleges';
import type { Database } from '../db/client';

type RecordRow = typeof auditRecords.$inferSelect;

export const auditRecordToWire = (row: RecordRow): AuditRecord => ({
  id: row.id,
  kind: row.kind,
  created_at: row.createdAt.toISOString(),
  actor_id: row.actorId,
  actor_name: row.actorName,
  subject_member_id: row.subjectMemberId,
  subject_name: row.subjectName,
  via: row.via,
  device_id: row.deviceId,
  session_id: row.sessionId,
  user_agent: row.userAgent,
  before: row.before,
  after: row.after,
});

const likePattern = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A member by id, or by a part of their name as the record keeps it. */
function whoIs(id: AnyPgColumn, name: AnyPgColumn, q: string): SQL {
  return looksLikeUuid(q) ? eq(id, q.toLowerCase()) : ilike(name, likePattern(q));
}

/** The filters of `query` within the college; days are the college's (its time zone), both included. */
async function filtersOf(db: Database, collegeId: string, query: Omit<AuditQuery, 'page'>): Promise<SQL> {
  const [college] = await db.select({ timeZone: colleges.timeZone }).from(colleges).where(eq(colleges.id, collegeId));
  const zone = college && isTimeZone(college.timeZone) ? college.timeZone : 'UTC';
  // A day starts at its midnight in the college's zone (`timestamp at time zone` reads it there).
  const dayStart = (day: string) => sql`((${day}::date)::timestamp at time zone ${zone})`;
  return and(
    eq(auditRecords.collegeId, collegeId),
    query.member ? whoIs(auditRecords.subjectMemberId, auditRecords.subjectName, query.member) : undefined,
    query.actor ? whoIs(auditRecords.actorId, auditRecords.actorName, query.actor) : undefined,
    query.kind ? eq(auditRecords.kind, query.kind) : undefined,
    query.from ? sql`${auditRecords.createdAt} >= ${dayStart(query.from)}` : undefined,
    query.to ? sql`${auditRecords.createdAt} < ${dayStart(query.to)} + interval '1 day'` : undefined,
  )!;
}

/** One page of the college's records, newest first. */
export async function listAudit(db: Database, collegeId: string, query: AuditQuery): Promise<{ rows: RecordRow[]; total: number }> {
  const where = await filtersOf(db, collegeId, query);
  const [totals] = await db.select({ n: count() }).from(auditRecords).where(where);
  const rows = await db
    .select()
    .from(auditRecords)
    .where(where)
    .orderBy(desc(auditRecords.createdAt), desc(auditRecords.id))
    .limit(auditPageSize)
    .offset((query.page - 1) * auditPageSize);
  return { rows, total: totals?.n ?? 0 };
}

/** The most rows one CSV holds: narrower filters for more. */
export const csvRowLimit = 50_000;

/** Every record the filters select (at most `csvRowLimit`), newest first, for the CSV. */
export async function auditForCsv(db: Database, collegeId: string, query: Omit<AuditQuery, 'page'>): Promise<RecordRow[]> {
  return db
    .select()
    .from(auditRecords)
    .where(await filtersOf(db, collegeId, query))
    .orderBy(desc(auditRecords.createdAt), desc(auditRecords.id))
    .limit(csvRowLimit);
}
