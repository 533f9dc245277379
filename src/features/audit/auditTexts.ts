import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { hiddenValue, type AuditKind, type AuditRecord, type AuditValue } from '../../../contract/audit';
import { weekdayNames } from '../../i18n/formatDate';

/**
 * What the audit screen says of a record (docs/features/audit.md): a sentence per kind, the
 * kinds' names for the filter, the recorded fields' names and values, and the device.
 */

/** The filter's name of each kind. */
export const kindLabels: Record<AuditKind, MessageDescriptor> = {
  'member.created': msg`Member added`,
  'member.updated': msg`Member edited`,
  'member.roleChanged': msg`Role changed`,
  'member.sectionsChanged': msg`Sections changed`,
  'member.disabled': msg`Member disabled`,
  'member.enabled': msg`Member enabled`,
  'member.deleted': msg`Member deleted`,
  'member.pinSet': msg`PIN set`,
  'member.pinRemoved': msg`PIN removed`,
  'member.passwordReset': msg`Password reset`,
  'member.invited': msg`Members invited`,
  'members.imported': msg`Members imported`,
  'roster.imported': msg`Roster imported`,
  'signup.approved': msg`Sign-up approved`,
  'signup.rejected': msg`Sign-up rejected`,
  'smtp.changed': msg`Email server changed`,
  'smtp.removed': msg`Email server removed`,
  'member.deliveryChanged': msg`How a member is reached changed`,
  'delivery.settingsChanged': msg`Reaching families changed`,
  'emergency.sent': msg`Emergency alert sent`,
  'messenger.rulesChanged': msg`Messaging rule changed`,
  'data.exported': msg`Data exported`,
  'data.erased': msg`Data erased`,
  'audit.retentionChanged': msg`Retention changed`,
  'secondFactor.added': msg`Second step added`,
  'secondFactor.removed': msg`Second step removed`,
  'secondFactor.recoveryCodeUsed': msg`Recovery code used`,
  'secondFactor.recoveryCodesRegenerated': msg`Recovery codes replaced`,
  'security.settingsChanged': msg`Sign-in security changed`,
};

/** What happened, as a sentence about the member it concerns. */
export function recordSentence(i18n: I18n, record: Pick<AuditRecord, 'kind' | 'subject_name'>): string {
  const member = record.subject_name;
  switch (record.kind) {
    case 'member.created':
      return i18n._(msg`Added ${member}`);
    case 'member.updated':
      return i18n._(msg`Edited ${member}`);
    case 'member.roleChanged':
      return i18n._(msg`Changed the role of ${member}`);
    case 'member.sectionsChanged':
      return i18n._(msg`Changed the sections of ${member}`);
    case 'member.disabled':
      return i18n._(msg`Disabled ${member}`);
    case 'member.enabled':
      return i18n._(msg`Enabled ${member} again`);
    case 'member.deleted':
      return i18n._(msg`Deleted ${member}`);
    case 'member.pinSet':
      return i18n._(msg`Set the PIN of ${member}`);
    case 'member.pinRemoved':
      return i18n._(msg`Removed the PIN of ${member}`);
    case 'member.passwordReset':
      return i18n._(msg`Reset the password of ${member}`);
    case 'member.invited':
      return member ? i18n._(msg`Invited ${member} to sign in`) : i18n._(msg`Invited members to sign in`);
    case 'members.imported':
      return i18n._(msg`Imported members from a file`);
    case 'roster.imported':
      return i18n._(msg`Imported the roster from the student information system`);
    case 'signup.approved':
      return i18n._(msg`Approved the sign-up of ${member}`);
    case 'signup.rejected':
      return i18n._(msg`Rejected the sign-up of ${member}`);
    case 'smtp.changed':
      return i18n._(msg`Changed the email server settings`);
    case 'smtp.removed':
      return i18n._(msg`Removed the email server settings`);
    case 'member.deliveryChanged':
      return i18n._(msg`Changed how ${member} is reached`);
    case 'delivery.settingsChanged':
      return i18n._(msg`Changed how the school reaches families`);
    case 'emergency.sent':
      return i18n._(msg`Sent an emergency alert`);
    case 'messenger.rulesChanged':
      return i18n._(msg`Changed who may write to whom`);
    case 'data.exported':
      return i18n._(msg`Exported the data of ${member}`);
    case 'data.erased':
      return i18n._(msg`Erased the data of ${member}`);
    case 'audit.retentionChanged':
      return i18n._(msg`Changed how long the audit trail is kept`);
    case 'secondFactor.added':
      return i18n._(msg`Added a second sign-in step for ${member}`);
    case 'secondFactor.removed':
      return i18n._(msg`Removed a second sign-in step of ${member}`);
    case 'secondFactor.recoveryCodeUsed':
      return i18n._(msg`${member} signed in with a recovery code`);
    case 'secondFactor.recoveryCodesRegenerated':
      return i18n._(msg`Replaced the recovery codes of ${member}`);
    case 'security.settingsChanged':
      return i18n._(msg`Changed who must use a second sign-in step`);
  }
}

const fieldLabels: Record<string, MessageDescriptor> = {
  role: msg`Role`,
  status: msg`Status`,
  name: msg`Name`,
  first_lastname: msg`First last name`,
  second_lastname: msg`Second last name`,
  email: msg`Email`,
  rut: msg`RUT`,
  phone: msg`Phone`,
  birthdate: msg`Birth date`,
  place_id: msg`Place`,
  section_ids: msg`Sections`,
  child_ids: msg`Children`,
  pin: msg`PIN`,
  password: msg`Password`,
  reset: msg`How it was reset`,
  created: msg`Members created`,
  host: msg`Server`,
  port: msg`Port`,
  security: msg`Security`,
  username: msg`User name`,
  from_name: msg`Sender name`,
  from_address: msg`Sender address`,
  reply_to: msg`Reply-to address`,
  title: msg`Title`,
  scope: msg`Addressed to`,
  course_ids: msg`Courses`,
  grade_ids: msg`Grades`,
  sent_to: msg`Members reached`,
  retention_years: msg`Years kept`,
  students_reply_in_groups: msg`Students write in groups`,
  staff_hours_on: msg`Staff hours`,
  staff_hours_days: msg`Staff days`,
  staff_hours_start: msg`Staff hours start`,
  staff_hours_end: msg`Staff hours end`,
  erasure_policy: msg`What they wrote`,
  rows_kept: msg`Kept as “Former member”`,
  rows_removed: msg`Removed`,
  export_id: msg`Export`,
  posts: msg`News`,
  events: msg`Events`,
  notifications: msg`Notifications`,
  inactive_days: msg`Days without opening Patio before email is sent anyway`,
  mails_per_second: msg`Emails per second, at most`,
  invited: msg`Invited`,
  already_invited: msg`Invited in the last 10 minutes, not again`,
  skipped: msg`Cannot be invited`,
  everyone_not_signed_in: msg`Everyone not yet signed in`,
  factor_kind: msg`Kind`,
  factor_label: msg`Name`,
  require_for_admins: msg`Administrators must use a second step`,
  require_for_staff: msg`Staff must use a second step`,
};

/** ISO weekdays (Monday 1 … Sunday 7) by name, in the reader's language. */
const weekdayName = (i18n: I18n, day: string): string | undefined => (/^[1-7]$/.test(day) ? weekdayNames(i18n.locale)[Number(day) - 1] : undefined);

const ruleGroupLabels: Record<string, MessageDescriptor> = {
  staff: msg({ message: 'Staff', context: 'members of the role, plural' }),
  student: msg`Students`,
  guardian: msg`Guardians`,
};

/** A recorded field's name: known ones translated, the messenger rule's cells as "from → to", others as written. */
export function fieldLabel(i18n: I18n, field: string): string {
  const known = fieldLabels[field];
  if (known) return i18n._(known);
  const cell = /^(staff|student|guardian)_to_(staff|student|guardian)$/.exec(field);
  if (cell) return `${i18n._(ruleGroupLabels[cell[1]!]!)} → ${i18n._(ruleGroupLabels[cell[2]!]!)}`;
  return field.replace(/_/g, ' ');
}

const wordValues: Record<string, MessageDescriptor> = {
  admin: msg`Administrator`,
  staff: msg`Staff`,
  student: msg`Student`,
  guardian: msg`Guardian`,
  active: msg`Active`,
  pending: msg`Pending approval`,
  disabled: msg`Disabled`,
  mail: msg`Recovery email`,
  temporary: msg`Temporary password`,
  keep: msg`Kept as “Former member”`,
  remove: msg`Removed`,
  app: msg`In the app only`,
  immediate: msg`By email as they are published`,
  digest: msg`One email a day`,
  webauthn: msg`Passkey`,
  totp: msg`Authenticator app`,
};

/** Only these fields hold words of ours (a member's name could be "active"). */
const wordFields = new Set(['role', 'status', 'reset', 'erasure_policy', 'posts', 'events', 'notifications', 'factor_kind']);

/**
 * A recorded value as a person reads it: nothing as a dash, a secret as "hidden", yes/no,
 * ids through `nameOf` (sections, places… the device knows), lists joined.
 */
export function valueText(i18n: I18n, field: string, value: AuditValue | undefined, nameOf: (id: string) => string | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (value === hiddenValue) return i18n._(msg`(hidden)`);
  if (typeof value === 'boolean') return value ? i18n._(msg`Yes`) : i18n._(msg`No`);
  if (typeof value === 'number') return i18n.number(value);
  if (Array.isArray(value)) {
    const items = value as readonly string[];
    if (items.length === 0) return '—';
    if (field === 'staff_hours_days') return items.map((day) => weekdayName(i18n, day) ?? day).join(', ');
    return items.map((id) => nameOf(id) ?? id.slice(-8)).join(', ');
  }
  const text = value as string;
  if (wordFields.has(field) && wordValues[text]) return i18n._(wordValues[text]);
  if (field.endsWith('_id')) return nameOf(text) ?? text.slice(-8);
  return text;
}

/* eslint-disable lingui/no-unlocalized-strings -- names of browsers and systems, the same in every language */
const browsers: readonly (readonly [RegExp, string])[] = [
  [/Edg\//, 'Edge'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const systems: readonly (readonly [RegExp, string])[] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];
/* eslint-enable lingui/no-unlocalized-strings */

/** "Chrome · Android": enough of a user agent to tell one device of a person from another ('' when it says nothing known). */
export function browserOf(userAgent: string): string {
  const named = (list: typeof browsers) => list.find(([pattern]) => pattern.test(userAgent))?.[1];
  return [named(browsers), named(systems)].filter(Boolean).join(' · ');
}

/** Where the action came from: the app's outbox on a device, or an online request, with the browser. */
export function originText(i18n: I18n, record: Pick<AuditRecord, 'via' | 'device_id' | 'session_id' | 'user_agent'>): string {
  const browser = browserOf(record.user_agent) || i18n._(msg`unknown browser`);
  if (record.via === 'outbox') {
    const device = (record.device_id ?? '').slice(-8);
    return i18n._(msg`Device ${device} (${browser}), through its outbox`);
  }
  const session = (record.session_id ?? '').slice(-8);
  return session ? i18n._(msg`Online request (${browser}), session ${session}`) : i18n._(msg`Online request (${browser})`);
}
