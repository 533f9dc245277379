/**
 * Who may do what. The server enforces this table and the UI reads it to hide controls, so
 * the two never disagree. Role names are ours (the original app did not show them).
 */
export const roles = ['admin', 'staff', 'student', 'guardian'] as const;
export type Role = (typeof roles)[number];

export const permissions = {
  /** The administration area: users, roles, contacts, integrations, statistics. */
  'admin.access': ['admin'],
  'users.manage': ['admin'],
  /** Checking in person that a PIN is a member's (docs/features/members.md). */
  'members.verifyPin': ['admin', 'staff'],
  'mail.outbox.read': ['admin'],
  /** Publishing posts, events, notifications and documents for the college. */
  'content.publish': ['admin', 'staff'],
  /** Seeing everything of the college regardless of audience. */
  'content.readAll': ['admin', 'staff'],
  /** Emergency alerts (notifications that push through quiet hours and cascade to email). */
  'notifications.emergency': ['admin'],
  /** The categories of the documents library. */
  'documents.categories.manage': ['admin'],
  /** The school's contact directory (every member reads it). */
  'contacts.manage': ['admin'],
  /** The college's structure: places, courses, grades, sections and post categories (docs/features/structure.md). */
  'structure.manage': ['admin'],
  /** The college's SMTP settings and the mail log (docs/features/integrations.md). */
  'integrations.manage': ['admin'],
  /** The statistics screen: administrators see the college's, staff their own posts' reads. */
  'statistics.read': ['admin', 'staff'],
  /** The messenger: every member writes, to whom `mayStartConversation` (contract/messenger.ts) allows. */
  'messenger.use': ['admin', 'staff', 'student', 'guardian'],
  /** Making groups (any member may then be in one; its admins run it). */
  'messenger.groups.create': ['admin', 'staff'],
  /** The school's messenger rule: who may start a conversation with whom (contract/messengerRules.ts). */
  'messenger.rules.manage': ['admin'],
  /** Reading the reports of messages members sent to the school. */
  'messenger.reports.read': ['admin'],
  /** The audit trail: reading it, its CSV and how long it is kept (docs/features/audit.md). */
  'audit.manage': ['admin'],
  /** Adding a second factor to one's own sign-in: a passkey or an authenticator app (docs/features/second-factor.md). */
  'secondFactor.enrol': ['admin', 'staff'],
  'profile.edit': ['admin', 'staff', 'student', 'guardian'],
  /** A copy of one's own data (docs/features/privacy.md). */
  'privacy.exportOwn': ['admin', 'staff', 'student', 'guardian'],
  /** The college's privacy settings, a member's data export for them, erasing a member. */
  'privacy.manage': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof permissions;

export function can(role: Role | null | undefined, permission: Permission): boolean {
  if (!role) return false;
  return (permissions[permission] as readonly Role[]).includes(role);
}
