import { z } from './zod';
import { emailField } from './auth';
import { messages } from './messages';
import { text } from './text';

/**
 * The college's SMTP settings (`/api/v1/admin/integrations/smtp`, admins only; docs/features/integrations.md).
 * The password is never sent back: `password_set` says whether one is stored.
 */
export const smtpSecurities = ['none', 'starttls', 'tls'] as const;
export type SmtpSecurity = (typeof smtpSecurities)[number];

const optionalEmail = z.union([z.literal(''), emailField]);

export const smtpSettingsInput = z.object({
  host: text({ max: 253, trim: true, error: messages.smtpHostRequired })
    .min(1, { error: messages.smtpHostRequired })
    .regex(/^[^\s/]*$/, { error: messages.smtpHostInvalid }),
  port: z.coerce
    .number({ error: messages.smtpPortInvalid })
    .int({ error: messages.smtpPortInvalid })
    .min(1, { error: messages.smtpPortInvalid })
    .max(65535, { error: messages.smtpPortInvalid }),
  security: z.enum(smtpSecurities, { error: messages.smtpSecurityInvalid }),
  username: text({ max: 254, trim: true }).default(''),
  /** Blank keeps the stored password; `clear_password` removes it. */
  password: text({ max: 500 }).default(''),
  clear_password: z.boolean().default(false),
  from_name: text({ max: 120, trim: true }).default(''),
  from_address: emailField,
  reply_to: optionalEmail.default(''),
});
export type SmtpSettingsInput = z.input<typeof smtpSettingsInput>;

export const smtpSettingsView = z.object({
  host: z.string(),
  port: z.number(),
  security: z.enum(smtpSecurities),
  username: z.string(),
  password_set: z.boolean(),
  from_name: z.string(),
  from_address: z.string(),
  reply_to: z.string(),
  updated_at: z.string(),
});
export type SmtpSettingsView = z.infer<typeof smtpSettingsView>;

/** `GET`: `{data: null}` when the college has none (mail goes to the outbox only). */
export const smtpSettingsResponse = z.object({ data: smtpSettingsView.nullable() });

export const smtpTestInput = z.object({ to: emailField });
export const smtpTestResponse = z.object({ ok: z.literal(true), response: z.string() });
/** 422 of the test: the SMTP server's words (or the network error) in `smtp_error`. */
export const smtpTestFailure = z.object({ message: z.string(), smtp_error: z.string() });

export const mailStatuses = ['logged', 'pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];

export const mailLogItem = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(mailStatuses),
  attempts: z.number(),
  error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type MailLogItem = z.infer<typeof mailLogItem>;

export const mailLogPageSize = 50;
export const mailLogQuery = z.object({
  /** Opaque cursor from the last page's `next_cursor`. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(mailLogPageSize),
});
export const mailLogResponse = z.object({ data: z.array(mailLogItem), next_cursor: z.string().nullable() });
