/** Invitations (docs/features/invitations.md): what an administrator sends and what the invited member's page sends. */
import { z } from './zod';
import { newPasswordField } from './auth';
import { messages } from './messages';

/** `POST /api/v1/admin/members/invitations`: some members, or every member who never signed in. */
export const inviteRequest = z.union([
  z
    .object({
      member_ids: z
        .array(z.uuid({ error: messages.invalidData }))
        .min(1)
        .max(5000),
    })
    .strict(),
  z.object({ everyone_not_signed_in: z.literal(true) }).strict(),
]);
/**
 * `invited`: new invitations, their mails leaving at the college's mail rate; `already_invited`:
 * invited less than 10 minutes ago (or still waiting for the mail), not again; `skipped`: may
 * not be invited (signed in, not active, removed, no usable address); `unknown`: no member here.
 */
export const inviteResponse = z.object({ invited: z.number(), already_invited: z.number(), skipped: z.number(), unknown: z.number() });
export type InviteResponse = z.infer<typeof inviteResponse>;
export type InviteRequest = z.infer<typeof inviteRequest>;

/** `GET /api/v1/admin/members/invitations`: how many members may be invited at once. */
export const invitableResponse = z.object({ not_signed_in: z.number() });

const invitationToken = z.string().min(1, { error: messages.invitationInvalid }).max(200, { error: messages.invitationInvalid });

/** `POST /api/v1/invitations/lookup`: the invitation page asks whom a link is for. */
export const invitationLookupRequest = z.object({ token: invitationToken }).strict();
export const invitationLookupResponse = z.object({ first_name: z.string(), email: z.string(), college: z.string() });

/** `POST /api/v1/invitations/accept`: the password chosen (the same rules as a reset). */
export const invitationAcceptRequest = z
  .object({
    token: invitationToken,
    password: newPasswordField,
    password_confirmation: z
      .string({ error: messages.passwordConfirm })
      .min(1, { error: messages.passwordConfirm })
      .max(200, { error: messages.passwordTooLong }),
  })
  .refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], error: messages.passwordMismatch });
