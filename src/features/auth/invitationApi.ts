import type { z } from 'zod';
import type { LoginResponse } from '../../../contract/auth';
import { invitationLookupResponse } from '../../../contract/invitations';
import { requestJson } from '../../api/client';
import { parseLoginResponse } from '../../api/schemas';

export type InvitationDetails = z.infer<typeof invitationLookupResponse>;

/** Whom an invitation link is for (docs/features/invitations.md); 422 on `token` when it cannot be used. */
export function lookupInvitation(token: string, signal?: AbortSignal): Promise<InvitationDetails> {
  return requestJson('post', 'api/v1/invitations/lookup', (data) => invitationLookupResponse.parse(data), { json: { token } }, signal);
}

/** Sets the chosen password and answers a session, like the password's sign-in. */
export function acceptInvitation(body: { token: string; password: string; password_confirmation: string }): Promise<LoginResponse> {
  return requestJson('post', 'api/v1/invitations/accept', parseLoginResponse, { json: body });
}
