import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import type { InviteRequest, InviteResponse } from '../../../contract/invitations';
import { describeFailure } from '../../forms/describeFailure';
import { useOnlineResource } from '../../online/useOnlineResource';
import { showToast } from '../../ui/toastStore';

export interface Invitations {
  /** Inviting mails at once: it needs a connection (never queued in the outbox). */
  online: boolean;
  /** How many members never signed in and may be invited; null until the server answered (or offline). */
  notSignedIn: number | null;
  /** Sends the invitations and says how it went in a toast; resolves false when refused or unreachable. */
  invite: (request: InviteRequest) => Promise<boolean>;
}

/** What the toast says of an answer: sent, and who was not invited and why. */
export function inviteOutcomeText(i18n: I18n, outcome: InviteResponse): string {
  const parts: string[] = [];
  if (outcome.invited > 0) parts.push(i18n._(msg`${plural(outcome.invited, { one: 'Invitation sent to # member', other: 'Invitations sent to # members' })}`));
  if (outcome.already_invited > 0)
    parts.push(
      i18n._(
        msg`${plural(outcome.already_invited, {
          one: '# member was invited in the last 10 minutes and was not invited again',
          other: '# members were invited in the last 10 minutes and were not invited again',
        })}`,
      ),
    );
  if (outcome.skipped > 0)
    parts.push(
      i18n._(
        msg`${plural(outcome.skipped, {
          one: '# member skipped (signed in already, not active, or no usable email)',
          other: '# members skipped (signed in already, not active, or no usable email)',
        })}`,
      ),
    );
  if (parts.length === 0) return i18n._(msg`No one was invited`);
  return parts.join('. ');
}

/**
 * The list's and the detail's invitations (REST, online only: the server mails at once, at the
 * college's rate). The count of members not yet signed in is asked when online, and again after
 * each invitation.
 */
export function useInvitations({ withCount = true }: { withCount?: boolean } = {}): Invitations {
  const { i18n } = useLingui();
  const count = useOnlineResource('invitable-count', (signal) => import('./membersApi').then((api) => api.invitableCount(signal)), { enabled: withCount });
  const { online, reload } = count;

  const invite = useCallback(
    async (request: InviteRequest) => {
      try {
        const api = await import('./membersApi');
        const outcome = await api.sendInvitations(request);
        showToast(inviteOutcomeText(i18n, outcome), outcome.invited > 0 ? 'success' : 'info');
        return true;
      } catch (error) {
        const failure = describeFailure(error, i18n);
        showToast(failure.form ?? Object.values(failure.fields)[0] ?? i18n._(msg`Something went wrong. Please try again.`), 'error');
        return false;
      } finally {
        reload();
      }
    },
    [i18n, reload],
  );

  return { online, notSignedIn: online && count.state !== 'failed' ? (count.data ?? null) : null, invite };
}
