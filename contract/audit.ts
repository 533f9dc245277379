import { z } from './zod';
import { text } from './text';

/**
 * The audit trail (docs/features/audit.md): every administrative action, recorded in the
 * transaction of the action itself, append-only, read by administrators online
 * (`GET /api/v1/admin/audit`, its CSV) and kept for the years the college sets.
 */

/** What an administrator did. A new administrative action adds its kind here and its sentence on the screen. */
export const auditKinds = [
  'member.created',
  'member.updated',
  'member.roleChanged',
  'member.sectionsChanged',
  'member.disabled',
  'member.enabled',
  'member.deleted',
  'member.pinSet',
  'member.pinRemoved',
  'member.passwordReset',
  // Invitations to sign in for the first time (one record per request: one member, or many).
  'member.invited',
  'members.imported',
  'roster.imported',
  'signup.approved',
  'signup.rejected',
  'smtp.changed',
  'smtp.removed',
  // How a member is reached, set by an administrator; the college's delivery settings.
  'member.deliveryChanged',
  'delivery.settingsChanged',
  'emergency.sent',
  'messenger.rulesChanged',
  // A member's data exported or erased (the privacy feature records them).
  'data.exported',
  'data.erased',
  'audit.retentionChanged',
  // A member's second factor (docs/features/second-factor.md) and the college's requirement.
  'secondFactor.added',
  'secondFactor.removed',
  'secondFactor.recoveryCodeUsed',
  'secondFactor.recoveryCodesRegenerated',
  'security.settingsChanged',
] as const;
export type AuditKind = (typeof auditKinds)[number];

/**
 * How the action reached the server: pushed from a device's outbox, or a REST request (the
 * app's online-only screens, or a client that does not sync).
 */
export const auditVias = ['outbox', 'rest'] as const;
export type AuditVia = (typeof auditVias)[number];

/** A recorded value: what a changed field held. Secrets are never values: see `hiddenValue`. */
export type AuditValue = string | number | boolean | null | readonly string[];
export type AuditValues = Readonly<Record<string, AuditValue>>;

/** Stands for a secret that changed (a password, a PIN): the record says it changed, never what it is. */
export const hiddenValue = '[hidden]';

const auditValue: z.ZodType<AuditValue> = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]);

/** One record as `GET /api/v1/admin/audit` answers it. */
export const auditRecord = z.object({
  id: z.string(),
  kind: z.enum(auditKinds),
  created_at: z.string(),
  actor_id: z.string().nullable(),
  actor_name: z.string(),
  subject_member_id: z.string().nullable(),
  subject_name: z.string(),
  via: z.enum(auditVias),
  /** The device's id (the sync push's `clientId`) for an action from the outbox; null over REST. */
  device_id: z.string().nullable(),
  /** The sign-in session (its token's id, never the token) the request carried. */
  session_id: z.string().nullable(),
  user_agent: z.string(),
  /** The fields that changed, as they were (null: nothing before, e.g. a new member). */
  before: z.record(z.string(), auditValue).nullable(),
  /** …and as they became (null: nothing after, e.g. a deleted member). */
  after: z.record(z.string(), auditValue).nullable(),
});
export type AuditRecord = z.infer<typeof auditRecord>;

/** Records per page of the screen and the route. */
export const auditPageSize = 50;

/** A real day between the years 1900 and 9999 (`YYYY-MM-DD`). */
const dateOnly = z.iso.date().refine((day) => day >= '1900-01-01' && day <= '9999-12-30');

/**
 * The filters of the screen, the list and the CSV: `member` and `actor` are a member's id
 * or part of their name; `from` and `to` are days in the college's time zone, both included.
 */
export const auditQuery = z.object({
  member: text({ max: 100, trim: true }).optional(),
  actor: text({ max: 100, trim: true }).optional(),
  kind: z.enum(auditKinds).optional(),
  from: dateOnly.optional(),
  to: dateOnly.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditListResponse = z.object({
  data: z.array(auditRecord),
  meta: z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int(), last_page: z.number().int() }),
});
export type AuditListResponse = z.infer<typeof auditListResponse>;

/** The years a college may keep its records. */
export const auditRetentionChoices = [1, 2, 3, 5, 7] as const;
export const defaultAuditRetentionYears = 2;

/** Mutation `audit.setRetention` and `PUT /api/v1/admin/audit/retention`. */
export const setAuditRetentionArgs = z.object({
  years: z.literal(auditRetentionChoices),
});
export type SetAuditRetentionArgs = z.infer<typeof setAuditRetentionArgs>;

/** The college's setting, synced to administrators' devices (entity `audit_settings`, its id the college's). */
export const auditSettingsRow = z.object({ id: z.string(), retention_years: z.number().int(), updated_at: z.string() });
export type AuditSettingsRow = z.infer<typeof auditSettingsRow>;
