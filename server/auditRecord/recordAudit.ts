import { uuidv7 } from '../../contract/ids';
import { hiddenValue, type AuditKind, type AuditValue, type AuditValues } from '../../contract/audit';
import type { UserRow } from '../auth/requireUser';
import type { Database } from '../db/client';
import type { Origin } from '../http/origin';
import { auditRecords } from './schema';

/**
 * The one door to the audit trail (docs/features/audit.md). Every administrative action calls
 * it inside its own write transaction, after its checks, so the record and the action commit
 * or roll back together: no action without its record, no record without its action.
 */

/** Who acted, and from where (MutationActor and REST actors both fit). */
export interface AuditActor {
  user: Pick<UserRow, 'id' | 'name' | 'firstLastname'>;
  origin?: Origin | undefined;
}

export interface AuditEntry {
  collegeId: string;
  actor: AuditActor;
  kind: AuditKind;
  /** The member the action was about, with their name as it was. */
  subject?: { id: string; name: string } | null;
  before: AuditValues | null;
  after: AuditValues | null;
}

/** A member's name as the records show it: given name and first last name. */
export const memberName = (member: Pick<UserRow, 'name' | 'firstLastname'>): string => `${member.name} ${member.firstLastname}`.trim();

/** A route that forgot to say where it came from is still recorded, as REST without a session. */
const unknownOrigin: Origin = { via: 'rest', deviceId: null, sessionId: null, userAgent: '' };

export async function recordAudit(tx: Database, entry: AuditEntry): Promise<void> {
  const origin = entry.actor.origin ?? unknownOrigin;
  await tx.insert(auditRecords).values({
    id: uuidv7(),
    collegeId: entry.collegeId,
    kind: entry.kind,
    actorId: entry.actor.user.id,
    actorName: memberName(entry.actor.user),
    subjectMemberId: entry.subject?.id ?? null,
    subjectName: entry.subject?.name ?? '',
    via: origin.via,
    deviceId: origin.deviceId,
    sessionId: origin.sessionId,
    userAgent: origin.userAgent,
    before: entry.before,
    after: entry.after,
  });
}

/** A secret recorded on both sides is there because it changed: hidden values are never the same. */
const same = (a: AuditValue | undefined, b: AuditValue | undefined): boolean => a !== hiddenValue && JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields whose values differ, as they were and as they became. Either side null (nothing
 * before, nothing after) keeps the other whole.
 */
export function changedValues(before: AuditValues | null, after: AuditValues | null): { before: AuditValues | null; after: AuditValues | null } {
  if (!before || !after) return { before, after };
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => !same(before[key], after[key]));
  return { before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])), after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])) };
}

/** Columns every synced row has that say nothing of what an administrator set. */
const bookkeeping = new Set(['id', 'collegeId', 'seq', 'deletedAt', 'createdAt', 'updatedAt', 'audienceKeys', 'seenKeys', 'releaseKeys']);

const snakeCase = (key: string): string => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

function asValue(value: unknown): AuditValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map(String);
  return JSON.stringify(value);
}

/** A database row's own fields as recorded values (snake_case, as the contract names them). */
export function rowValues(row: Record<string, unknown>): AuditValues {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([key]) => !bookkeeping.has(key))
      .map(([key, value]) => [snakeCase(key), asValue(value)]),
  );
}

/**
 * What changed between two versions of a row, whatever its columns: a table that gains a
 * column has it recorded without another edit (the messenger rule uses it).
 */
export const rowChanges = (before: Record<string, unknown> | null | undefined, after: Record<string, unknown> | null | undefined) =>
  changedValues(before ? rowValues(before) : null, after ? rowValues(after) : null);
