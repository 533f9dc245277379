import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { BellIcon, UserIcon } from '../../ui/icons';
import { OfflineNote } from '../../online/OnlineBody';
import { AddressNote, BounceWarning, DigestFootnote, InactiveNote, Note, UnsubscribedNote } from './DeliveryNotes';
import { PreferencesBody, type PreferencesCardProps } from './PreferencesBody';

/**
 * How a member is reached, on an administrator's member screen: the same choices as their
 * profile's, for a member who never signed in (whose default is one email a day), and
 * whether their address bounces. Only renders.
 */
export function MemberDeliveryView(props: PreferencesCardProps) {
  const { t } = useLingui();
  const id = useId();
  return (
    <section className="card member-card reach-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        <Trans>How they are reached</Trans>
      </h2>
      <Note icon={<BellIcon width={18} height={18} />}>
        <Trans>Emergency alerts always reach them at once, by every channel.</Trans>
      </Note>
      {props.online ? null : (
        <OfflineNote className="reach-note">
          <Trans>Connect to the internet to see or change how this member is reached.</Trans>
        </OfflineNote>
      )}
      <PreferencesBody
        {...props}
        loadingLabel={t`Loading how they are reached…`}
        footnote={<DigestFootnote />}
        notes={(saved) => (
          <>
            {saved.bounce ? <BounceWarning bounce={saved.bounce} email={saved.email} whose="theirs" /> : null}
            <AddressNote email={saved.email} whose="theirs" />
            {saved.signed_in_ever ? null : (
              <Note icon={<UserIcon width={18} height={18} />}>
                {saved.chosen ? <Trans>Never signed in.</Trans> : <Trans>Never signed in: gets one email a day unless you choose otherwise.</Trans>}
              </Note>
            )}
            {saved.inactive && saved.email && !saved.bounce && (saved.signed_in_ever || saved.chosen) ? (
              <InactiveNote days={saved.inactive_days} whose="theirs" />
            ) : null}
            <UnsubscribedNote fields={saved.unsubscribed} whose="theirs" />
          </>
        )}
      />
    </section>
  );
}
