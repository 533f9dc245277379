import { useState } from 'react';
import { ApiError } from '../../api/errors';
import { useOnlineResource } from '../../online/useOnlineResource';
import { lookupInvitation, type InvitationDetails } from './invitationApi';

export type InvitationLoad =
  | { status: 'loading' }
  | { status: 'offline' }
  | { status: 'ready'; invitation: InvitationDetails }
  /** Used, replaced, expired, or no link at all: only the school can send a new one. */
  | { status: 'invalid' }
  | { status: 'failed'; error: string };

/** An answer that says the link cannot be used (422 on `token`), rather than that the server could not answer. */
export const isInvalidLink = (error: unknown): boolean => error instanceof ApiError && error.status === 422 && error.errors.token !== undefined;

/**
 * Whom the invitation link is for, asked online (again on "Try again", and on coming back
 * online); `markInvalid` when the link stops working while the page is open.
 */
export function useInvitation(token: string) {
  const [invalid, setInvalid] = useState(!token);
  const lookup = useOnlineResource(token, (signal) => lookupInvitation(token, signal), { enabled: !invalid, isFinal: isInvalidLink });
  const load: InvitationLoad =
    invalid || (lookup.state === 'failed' && isInvalidLink(lookup.failure))
      ? { status: 'invalid' }
      : lookup.state === 'failed'
        ? { status: 'failed', error: lookup.error ?? '' }
        : lookup.data
          ? { status: 'ready', invitation: lookup.data }
          : lookup.state === 'offline'
            ? { status: 'offline' }
            : { status: 'loading' };
  return { load, retry: lookup.retry, markInvalid: () => setInvalid(true) };
}
