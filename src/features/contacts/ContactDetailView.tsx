import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { ContactRow } from '../../../contract/contacts';
import type { Place } from '../../../contract/college';
import { Button, buttonClass } from '../../ui/Button';
import { ArrowBackIcon, MapPinIcon } from '../../ui/icons';
import { SyncStateBadge, type ItemSyncState } from '../../ui/SyncStateBadge';
import { ContactLinks } from './ContactLinks';

export interface ContactDetailViewProps {
  contact: ContactRow;
  place: Place | null;
  state: ItemSyncState | null;
  /** Administrators get edit and delete (contract/permissions `contacts.manage`). */
  canManage: boolean;
  onDelete: () => void;
}

/** One contact (the original app's `/admin/contacts/{contact}`): who, where, and large call and mail buttons. */
export function ContactDetailView({ contact, place, state, canManage, onDelete }: ContactDetailViewProps) {
  return (
    <div className="page contact-detail-page">
      <Link className="contact-back-link with-icon" to="/admin/contacts">
        <ArrowBackIcon className="icon icon-flip-rtl" />
        <span>
          <Trans>Back to contacts</Trans>
        </span>
      </Link>
      <article className="card contact-detail">
        <header className="contact-detail-header">
          <h1>
            <bdi>{contact.name}</bdi>
          </h1>
          {contact.title ? (
            <p className="contact-detail-title">
              <bdi>{contact.title}</bdi>
            </p>
          ) : null}
          <div className="contact-item-meta">
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
            <SyncStateBadge state={state} />
          </div>
        </header>
        <ContactLinks name={contact.name} phone={contact.phone} email={contact.email} />
        {!contact.phone && !contact.email ? (
          <p className="muted">
            <Trans>No phone number or email address.</Trans>
          </p>
        ) : null}
        {contact.notes ? (
          <section className="contact-notes" aria-labelledby="contact-notes-title">
            <h2 id="contact-notes-title" className="contact-notes-title">
              <Trans>Notes</Trans>
            </h2>
            <p dir="auto">{contact.notes}</p>
          </section>
        ) : null}
        {canManage ? (
          <div className="form-actions contact-admin-actions">
            <Button variant="danger" onClick={onDelete}>
              <Trans>Delete</Trans>
            </Button>
            <Link className={buttonClass('secondary')} to={`/admin/contacts/${contact.id}/edit`}>
              <Trans>Edit</Trans>
            </Link>
          </div>
        ) : null}
      </article>
    </div>
  );
}
