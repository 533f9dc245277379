import type { AuditKind, AuditValues } from '../../contract/audit';
import { changedValues, memberName, recordAudit, type AuditActor } from '../auditRecord/recordAudit';
import type { Write } from '../sync/writeInCollege';
import { memberToWire, type MemberRecord } from './memberEntity';

/**
 * What the audit trail records of a member (docs/features/audit.md): the fields an
 * administrator sets, never the password or the PIN (their change is recorded as
 * `hiddenValue`).
 */
export function memberValues(row: MemberRecord): AuditValues {
  // The wire row less what no administrator sets (ids, the avatar's address, the times, signing in and bounces) and the PIN's flag.
  const {
    id: _id,
    college_id: _college,
    avatar: _avatar,
    has_pin: _pin,
    created_at: _created,
    updated_at: _updated,
    invited_at: _invited,
    signed_in_at: _signedIn,
    email_bounced: _bounced,
    ...values
  } = memberToWire(row);
  return values;
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
