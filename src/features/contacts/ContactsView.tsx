import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { ContactRow } from '../../../contract/contacts';
import type { Place } from '../../../contract/college';
import { buttonClass } from '../../ui/Button';
import { MapPinIcon } from '../../ui/icons';
import { SearchBox } from '../../ui/SearchBox';
import { EmptyState, LoadingState } from '../../ui/ScreenStates';
import { SyncStateBadge, type ItemSyncState } from '../../ui/SyncStateBadge';
import { ContactLinks } from './ContactLinks';

export interface ContactsViewProps {
  /** Undefined while the device reads. */
  contacts: readonly ContactRow[] | undefined;
  places: ReadonlyMap<string, Place>;
  firstSyncPending: boolean;
  search: string;
  onSearch: (text: string) => void;
  /** Administrators get "New contact" (contract/permissions `contacts.manage`). */
  canManage: boolean;
  states: ReadonlyMap<string, ItemSyncState>;
}

/** The directory (the original app's `/admin/contacts`): search, then each contact with one-tap call and mail. */
export function ContactsView({ contacts, places, firstSyncPending, search, onSearch, canManage, states }: ContactsViewProps) {
  const { t } = useLingui();
  return (
    <div className="page contacts-page">
      <div className="posts-header">
        <h1>
          <Trans>Contacts</Trans>
        </h1>
        {canManage ? (
          <Link className={buttonClass('primary')} to="/admin/contacts/create">
            <Trans>New contact</Trans>
          </Link>
        ) : null}
      </div>
      <SearchBox className="contacts-search" value={search} onSearch={onSearch} label={t`Search contacts`} />
      {contacts === undefined ? (
        <LoadingState label={t`Loading…`} />
      ) : contacts.length === 0 ? (
        firstSyncPending ? (
          <LoadingState label={t`Downloading…`} />
        ) : search ? (
          <EmptyState>
            <Trans>No matching results were found.</Trans>
          </EmptyState>
        ) : (
          <EmptyState>
            <Trans>The school has no contacts yet.</Trans>
          </EmptyState>
        )
      ) : (
        <>
          {search ? (
            <p className="muted" role="status">
              <Plural value={contacts.length} one="# contact found" other="# contacts found" />
            </p>
          ) : null}
          <ul className="contact-list">
            {contacts.map((contact) => {
              const place = contact.place_id ? places.get(contact.place_id) : undefined;
              return (
                <li key={contact.id} className="card contact-item">
                  <div className="contact-item-text">
                    {/* Names keep their own direction (bdi) and line up with the page's start. */}
                    <Link className="contact-item-name" to={`/admin/contacts/${contact.id}`}>
                      <bdi>{contact.name}</bdi>
                    </Link>
                    {contact.title ? (
                      <span className="contact-item-title">
                        <bdi>{contact.title}</bdi>
                      </span>
                    ) : null}
                    <span className="contact-item-meta">
                      {place ? (
                        <span className="with-icon">
                          <MapPinIcon width={16} height={16} />
                          <bdi>{place.name}</bdi>
                        </span>
                      ) : null}
                      {contact.visibility === 'staff' ? (
                        <span className="contact-staff-tag">
                          <Trans>Staff only</Trans>
                        </span>
                      ) : null}
                      <SyncStateBadge state={states.get(contact.id)} />
                    </span>
                  </div>
                  <ContactLinks name={contact.name} phone={contact.phone} email={contact.email} compact />
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
