import {
  memberImportResponse,
  resetMemberPasswordResponse,
  type MemberImportRequest,
  type MemberImportResponse,
  type ResetMemberPasswordResponse,
} from '../../../contract/members';
import { invitableResponse, inviteResponse, type InviteRequest, type InviteResponse } from '../../../contract/invitations';
import { rosterResult, type RosterResult } from '../../../contract/roster';
import { requestJson } from '../../api/client';

/**
 * The members' REST calls: what needs the server at that moment (a temporary password; an
 * import checked against the whole college). Loaded when used, with the contract's zod.
 */

/** `POST /api/v1/admin/members/{id}/reset-password`: a reset mail, or a temporary password shown once. */
export function resetMemberPassword(id: string): Promise<ResetMemberPasswordResponse> {
  return requestJson('post', `api/v1/admin/members/${encodeURIComponent(id)}/reset-password`, (data) => resetMemberPasswordResponse.parse(data));
}

/** `POST /api/v1/admin/members/import`: `confirm: false` checks the rows, `confirm: true` writes them all or none. */
export function importMembers(request: MemberImportRequest, signal?: AbortSignal): Promise<MemberImportResponse> {
  return requestJson('post', 'api/v1/admin/members/import', (data) => memberImportResponse.parse(data), { json: request }, signal);
}

/** `POST /api/v1/admin/roster/preview` or `/import`: a OneRoster zip, as it is. */
export function sendRoster(step: 'preview' | 'import', zip: Blob, signal?: AbortSignal): Promise<RosterResult> {
  return requestJson('post', `api/v1/admin/roster/${step}`, (data) => rosterResult.parse(data), { file: { data: zip, type: 'application/zip' } }, signal);
}

/** `GET /api/v1/admin/members/invitations`: how many members never signed in and may be invited. */
export function invitableCount(signal?: AbortSignal): Promise<number> {
  return requestJson('get', 'api/v1/admin/members/invitations', (data) => invitableResponse.parse(data).not_signed_in, undefined, signal);
}

/** `POST /api/v1/admin/members/invitations`: some members, or everyone not yet signed in; the mails leave at the college's rate. */
export function sendInvitations(request: InviteRequest): Promise<InviteResponse> {
  return requestJson('post', 'api/v1/admin/members/invitations', (data) => inviteResponse.parse(data), { json: request });
}
