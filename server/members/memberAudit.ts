import type { AuditKind, AuditValues } from '../../contract/audit';
import { formatRut } from '../../contract/rut';
import { changedValues, memberName, recordAudit, type AuditActor } from '../auditRecord/recordAudit';
import type { Write } from '../sync/writeInCollege';
import type { MemberRecord } from './memberEntity';

/**
 * What the audit trail records of a member (docs/features/audit.md): the fields an
 * administrator sets, never the password or the PIN (their change is recorded as
 * `hiddenValue`).
 */
export function memberValues(row: MemberRecord): AuditValues {
  return {
    role: row.role,
    status: row.status,
    name: row.name,
    first_lastname: row.firstLastname,
    second_lastname: row.secondLastname,
    email: row.email,
    rut: row.rut ? formatRut(row.rut) : null,
    phone: row.phone,
    birthdate: row.birthdate,
    place_id: row.placeId,
    section_ids: [...row.sectionIds].sort(),
    child_ids: [...row.childIds].sort(),
  };
}

/** An edit is named by what matters most in it: disabling, enabling, the role, the sections, else an edit. */
export function memberAuditKind(before: MemberRecord, after: MemberRecord): AuditKind {
  if (before.status !== 'disabled' && after.status === 'disabled') return 'member.disabled';
  if (before.status === 'disabled' && after.status !== 'disabled') return 'member.enabled';
  if (before.role !== after.role) return 'member.roleChanged';
  if ([...before.sectionIds].sort().join() !== [...after.sectionIds].sort().join()) return 'member.sectionsChanged';
  return 'member.updated';
}

/** Records an action on `member` in the write's transaction, with the fields that changed. */
export function auditMember(
  write: Pick<Write, 'tx' | 'collegeId'>,
  actor: AuditActor,
  kind: AuditKind,
  member: MemberRecord,
  before: AuditValues | null,
  after: AuditValues | null,
): Promise<void> {
  return recordAudit(write.tx, {
    collegeId: write.collegeId,
    actor,
    kind,
    subject: { id: member.id, name: memberName(member) },
    ...changedValues(before, after),
  });
}
