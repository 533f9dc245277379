import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { DeliveryReport } from '../../contract/delivery';
import { roleName } from './roleNames';
import './delivery.css';

type Unreached = DeliveryReport['not_reached_members'][number];

const reasons: Record<Unreached['reason'], MessageDescriptor> = {
  no_email: msg`No email address`,
  email_bounces: msg`Email bounces`,
  unsubscribed: msg`Unsubscribed from these emails`,
};

export interface NotReachedListProps {
  /** Who was not reached, by name (the first 200, as the server answers). */
  members: readonly Unreached[];
  /** How many were not reached in all. */
  total: number;
  headingLevel: 3 | 4;
}

/** Who the item did not reach (not read, no email sent, no device that could show it), with why. */
export function NotReachedList({ members, total, headingLevel }: NotReachedListProps) {
  const { i18n } = useLingui();
  const titleId = useId();
  if (total === 0) return null;
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const shown = members.length;
  return (
    <section className="delivery-unreached" aria-labelledby={titleId}>
      <Heading id={titleId} className="delivery-subtitle">
        <Trans>Not reached</Trans>
      </Heading>
      <p className="delivery-report-lead muted">
        <Trans>They have not read it, no email could be sent to them, and none of their devices could show it.</Trans>
      </p>
      {shown > 0 ? (
        <ul className="delivery-member-list">
          {members.map((member) => (
            <li key={member.user_id} className="delivery-member">
              <span className="delivery-member-name" dir="auto">
                {member.name}
              </span>{' '}
              <span className="delivery-member-role muted">{roleName(i18n, member.role)}</span>{' '}
              <span className="delivery-member-reason">{i18n._(reasons[member.reason])}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {total > shown ? (
        <p className="muted">
          <Trans>
            The first {shown} of {total} are listed.
          </Trans>
        </p>
      ) : null}
    </section>
  );
}
