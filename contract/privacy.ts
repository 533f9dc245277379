import { messages } from './messages';
import { z } from './zod';

/**
 * Privacy requests (docs/features/privacy.md): the college's settings (what an erasure keeps,
 * how long messages are kept), a member's data export, and erasing a member.
 */

/** `keep`: what an erased member wrote stays, under "Former member"; `remove`: it goes with them. */
export const erasurePolicies = ['keep', 'remove'] as const;
export type ErasurePolicy = (typeof erasurePolicies)[number];

export const retentionMonthsMax = 120;

/** What an administrator sets (mutation `privacy.setSettings`, `PUT /api/v1/admin/privacy/settings`). */
export const privacySettingsFields = z.object({
  erasure_policy: z.enum(erasurePolicies, { error: messages.privacyPolicyInvalid }),
  /** Messages older than this many months are deleted; null keeps them. */
  message_retention_months: z
    .number({ error: messages.privacyRetentionInvalid })
    .int({ error: messages.privacyRetentionInvalid })
    .min(1, { error: messages.privacyRetentionInvalid })
    .max(retentionMonthsMax, { error: messages.privacyRetentionInvalid })
    .nullable(),
});
export type PrivacySettingsFields = z.infer<typeof privacySettingsFields>;

/** One synced row per college (entity `privacy_settings`, its id the college's), to every member. */
export const privacySettingsRow = privacySettingsFields.extend({ id: z.string(), updated_at: z.string() });
export type PrivacySettingsRow = z.infer<typeof privacySettingsRow>;

/** A college without a row: what members wrote stays after an erasure, messages are kept. */
export const defaultPrivacySettings: PrivacySettingsFields = { erasure_policy: 'keep', message_retention_months: null };

export function privacySettingsOrDefaults(row: PrivacySettingsFields | null | undefined): PrivacySettingsFields {
  return row ? { erasure_policy: row.erasure_policy, message_retention_months: row.message_retention_months } : defaultPrivacySettings;
}

/**
 * An export's life: `asked` (waiting for the job), `preparing`, `ready` (downloadable once),
 * then `downloaded` or `expired` (its file is gone), or `failed`.
 */
export const exportStates = ['asked', 'preparing', 'ready', 'downloaded', 'expired', 'failed'] as const;
export type ExportState = (typeof exportStates)[number];

/** States in which a new request for the same member waits for this one. */
export const openExportStates: readonly ExportState[] = ['asked', 'preparing', 'ready'];

/** How long a prepared export waits for its download. */
export const exportLifetimeMs = 7 * 24 * 60 * 60 * 1000;

/** A data export as its requester's devices hold it (entity `data_exports`, for the requester only). */
export const dataExportRow = z.object({
  id: z.string(),
  member_id: z.string(),
  /** The member's name when it was asked (an administrator's list of exports). */
  member_name: z.string(),
  requested_by: z.string(),
  state: z.enum(exportStates),
  requested_at: z.string(),
  ready_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** Bytes of the zip once ready. */
  size: z.number().nullable(),
});
export type DataExportRow = z.infer<typeof dataExportRow>;

/** Mutation `privacy.requestExport`: the device makes the id; `member_id` is the requester's own unless an administrator asks. */
export const requestExportArgs = z.object({ id: z.uuid(), member_id: z.uuid({ error: messages.unknownReference }) });
export type RequestExportArgs = z.infer<typeof requestExportArgs>;

/** `POST /api/v1/privacy/exports`: the id is optional for clients that do not make ids. */
export const restRequestExportBody = z.object({ id: z.uuid().optional(), member_id: z.uuid({ error: messages.unknownReference }) });

/** Mutation `privacy.erase` (`privacy.manage`). */
export const eraseMemberArgs = z.object({ member_id: z.uuid({ error: messages.unknownReference }) });
export type EraseMemberArgs = z.infer<typeof eraseMemberArgs>;

/** What an erasure did (the REST answer). */
export const erasureResult = z.object({
  member_id: z.string(),
  policy: z.enum(erasurePolicies),
  kept: z.number(),
  removed: z.number(),
});
export type ErasureResult = z.infer<typeof erasureResult>;

/** `GET /api/v1/privacy/exports`: the requester's exports, newest first. */
export const exportsResponse = z.object({ data: z.array(dataExportRow) });
