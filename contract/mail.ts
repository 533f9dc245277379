import { z } from './zod';

/** A mail of the college's outbox (`GET /api/v1/admin/mail-outbox`, admins only). */
export const mailOutboxItem = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
  /** `logged`: recorded only (no SMTP settings); `pending`, `sent`, `failed`: via SMTP. */
  status: z.enum(['logged', 'pending', 'sent', 'failed']),
});
export type MailOutboxItem = z.infer<typeof mailOutboxItem>;

export const mailOutboxResponse = z.object({ data: z.array(mailOutboxItem) });
