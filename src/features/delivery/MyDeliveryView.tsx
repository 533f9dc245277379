import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { BellIcon } from '../../ui/icons';
import { OfflineNote } from '../../online/OnlineBody';
import { AddressNote, BounceWarning, DigestFootnote, InactiveNote, Note, UnsubscribedNote } from './DeliveryNotes';
import { PreferencesBody, type PreferencesCardProps } from './PreferencesBody';

/**
 * "How you are reached" on the profile: per kind of item, in the app only, an email each or
 * one email a day; where the emails go, and why email comes anyway (no device seen lately)
 * or no longer can (the address bounces). Only renders.
 */
export function MyDeliveryView(props: PreferencesCardProps) {
  const { t } = useLingui();
  const id = useId();
  return (
    <section className="card form reach-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        <Trans>How you are reached</Trans>
      </h2>
      <p className="reach-lead">
        <Trans>Choose how news, events and notifications addressed to you reach you.</Trans>
      </p>
      <Note icon={<BellIcon width={18} height={18} />}>
        <Trans>Emergency alerts always reach you at once, by every channel.</Trans>
      </Note>
      {props.online ? null : (
        <OfflineNote className="reach-note">
          <Trans>Connect to the internet to change how you are reached.</Trans>
        </OfflineNote>
      )}
      <PreferencesBody
        {...props}
        loadingLabel={t`Loading how you are reached…`}
        footnote={<DigestFootnote />}
        notes={(saved) => (
          <>
            <AddressNote email={saved.email} whose="mine" />
            {saved.bounce ? <BounceWarning bounce={saved.bounce} email={saved.email} whose="mine" /> : null}
            {saved.inactive && saved.email && !saved.bounce ? <InactiveNote days={saved.inactive_days} whose="mine" /> : null}
            <UnsubscribedNote fields={saved.unsubscribed} whose="mine" />
          </>
        )}
      />
    </section>
  );
}
