import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/errors';
import { describeFailure } from '../../forms/describeFailure';
import { useOnline } from '../../ui/useOnline';
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
 * online before an answer); `markInvalid` when the link stops working while the page is open.
 */
export function useInvitation(token: string) {
  const { i18n } = useLingui();
  const online = useOnline();
  const [load, setLoad] = useState<InvitationLoad>(token ? { status: 'loading' } : { status: 'invalid' });
  const asking = load.status === 'loading';

  useEffect(() => {
    if (!asking || !online) return;
    const controller = new AbortController();
    lookupInvitation(token, controller.signal).then(
      (invitation) => setLoad({ status: 'ready', invitation }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad(isInvalidLink(error) ? { status: 'invalid' } : { status: 'failed', error: describeFailure(error, i18n).form ?? '' });
      },
    );
    return () => controller.abort();
  }, [token, online, asking, i18n]);

  return {
    load: asking && !online ? ({ status: 'offline' } as const) : load,
    retry: () => setLoad({ status: 'loading' }),
    markInvalid: () => setLoad({ status: 'invalid' }),
  };
}
