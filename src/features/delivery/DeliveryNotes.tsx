import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { digestHour, type DeliveryField, type DeliveryPreferences } from '../../../contract/delivery';
import { ClockIcon, MailIcon, WarningIcon } from '../../ui/icons';

/** A line of a card with its icon. */
export function Note({ icon, children, className }: { icon: ReactNode; children: ReactNode; className?: string }) {
  return (
    <p className={`with-icon reach-note ${className ?? ''}`}>
      {icon}
      <span>{children}</span>
    </p>
  );
}

/** Where mails go, or that none can (no address): the member's own or another's. */
export function AddressNote({ email, whose }: { email: string; whose: 'mine' | 'theirs' }) {
  const icon = <MailIcon width={18} height={18} />;
  if (!email)
    return (
      <Note icon={icon}>
        {whose === 'mine' ? (
          <Trans>You have no email address, so only the app reaches you.</Trans>
        ) : (
          <Trans>They have no email address, so only the app reaches them.</Trans>
        )}
      </Note>
    );
  const address = (
    <bdi dir="ltr" className="reach-address">
      {email}
    </bdi>
  );
  return <Note icon={icon}>{whose === 'mine' ? <Trans>Emails go to {address}.</Trans> : <Trans>Their emails go to {address}.</Trans>}</Note>;
}

/**
 * The mail server refused the address for good: nothing more is emailed until it changes.
 * A warning, with when and the server's reason (its own words, often English, left to right).
 */
export function BounceWarning({ bounce, email, whose }: { bounce: NonNullable<DeliveryPreferences['bounce']>; email: string; whose: 'mine' | 'theirs' }) {
  const { i18n } = useLingui();
  const date = i18n.date(new Date(bounce.at), { dateStyle: 'medium' });
  const address = <bdi dir="ltr">{email}</bdi>;
  const reason = bounce.reason;
  return (
    <div className="reach-bounce">
      <WarningIcon width={20} height={20} />
      <div className="reach-bounce-text">
        <p className="reach-bounce-title">
          <Trans>Email bounces</Trans>
        </p>
        <p>
          {whose === 'mine' ? (
            <Trans>
              On {date} the mail server refused {address}. No more email is sent to it until you change your email address.
            </Trans>
          ) : (
            <Trans>
              On {date} the mail server refused {address}. No more email is sent to it until their email address changes.
            </Trans>
          )}
        </p>
        {reason ? (
          <p className="reach-bounce-reason">
            <Trans>
              Reason: <bdi dir="ltr">{reason}</bdi>
            </Trans>
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** What "one email a day" means: when it leaves. */
export function DigestFootnote() {
  const hour = `${digestHour}:00`;
  return (
    <p className="field-hint">
      <Trans>The daily email leaves at {hour}, in the school’s time zone.</Trans>
    </p>
  );
}

/** No device of the member synced lately: email comes whatever they chose. */
export function InactiveNote({ days, whose }: { days: number; whose: 'mine' | 'theirs' }) {
  return (
    <Note icon={<ClockIcon width={18} height={18} />}>
      {whose === 'mine' ? (
        <Plural
          value={days}
          one="None of your devices has opened Patio in the last day, so you get email anyway."
          other="None of your devices has opened Patio in the last # days, so you get email anyway."
        />
      ) : (
        <Plural
          value={days}
          one="None of their devices has opened Patio in the last day, so they get email anyway."
          other="None of their devices has opened Patio in the last # days, so they get email anyway."
        />
      )}
    </Note>
  );
}

/** The kinds in a sentence ("the emails about news and events"). */
const kindNames = { posts: msg`news`, events: msg`events`, notifications: msg`notifications` } as const satisfies Record<DeliveryField, unknown>;

/**
 * They unsubscribed from some kinds by a mail's link: those reach them in the app only, even
 * with no device lately, until they choose email again themselves (an administrator cannot).
 */
export function UnsubscribedNote({ fields, whose }: { fields: readonly DeliveryField[]; whose: 'mine' | 'theirs' }) {
  const { i18n } = useLingui();
  if (fields.length === 0) return null;
  const kinds = new Intl.ListFormat(i18n.locale, { style: 'long', type: 'conjunction' }).format(fields.map((field) => i18n._(kindNames[field])));
  return (
    <Note icon={<MailIcon width={18} height={18} />}>
      {whose === 'mine' ? (
        <Trans>
          You unsubscribed from the emails about {kinds}: they reach you in the app only, even when none of your devices has opened Patio lately. Choose email
          for them above to get them again.
        </Trans>
      ) : (
        <Trans>
          They unsubscribed from the emails about {kinds}: those reach them in the app only, whatever is chosen here. Only they can subscribe again, from their
          profile.
        </Trans>
      )}
    </Note>
  );
}
