import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { ContactFields } from '../../../contract/contacts';
import { can } from '../../../contract/permissions';
import type { FieldErrors } from '../../forms/fieldErrors';
import { useSession } from '../../session/session';
import { toastOutcome } from '../../sync/outcomeToasts';
import { useOutboxEntry } from '../../sync/useOutboxEntry';
import { usePageMeta } from '../../tenant/usePageMeta';
import { LoadingState } from '../../ui/ScreenStates';
import { ContactForm } from './ContactForm';
import { valuesFrom } from './contactForm';
import { contactOutcomeTexts } from './contactOutcomeTexts';
import { useContact, usePlaces } from './contactQueries';
import { ContactGone, ContactsNotAllowed } from './ContactScreenStates';
import { createContact, fieldsOf, resendContact, updateContact } from './contactWrites';
import { useContactsDb } from './useContactsDb';

function firstErrors(errors: Record<string, string[]> | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, list] of Object.entries(errors ?? {})) if (list[0]) out[field] = list[0];
  return out;
}

/** `/admin/contacts/create` (the original app's address): a new contact, queued through the outbox (offline too). */
export function NewContactScreen() {
  const { t, i18n } = useLingui();
  const db = useContactsDb();
  const { user } = useSession();
  const navigate = useNavigate();
  const places = usePlaces();
  usePageMeta(t`New contact`);

  if (!user || !can(user.role, 'contacts.manage')) return <ContactsNotAllowed />;
  if (!places) return <LoadingState label={t`Loading…`} />;

  const save = async (fields: ContactFields) => {
    const { id, seq } = await createContact(db, fields, user.college_id);
    void toastOutcome(db, i18n, seq, contactOutcomeTexts(i18n, 'create'));
    await navigate(`/admin/contacts/${id}`);
  };
  return (
    <div className="page contact-form-page">
      <ContactForm
        title={<Trans>New contact</Trans>}
        initial={valuesFrom(null)}
        places={places}
        submitLabel={t`Save contact`}
        onSubmit={save}
        onCancel={() => void navigate(-1)}
      />
    </div>
  );
}

/**
 * `/admin/contacts/:contact/edit`. With `?resend=<seq>` it fixes a change the server
 * refused (from the outbox's "needs attention"): the form starts from that change's values
 * and errors, and saving sends it again in its place.
 */
export function EditContactScreen() {
  const { t, i18n } = useLingui();
  const db = useContactsDb();
  const { user } = useSession();
  const navigate = useNavigate();
  const { contact: id = '' } = useParams();
  const [params] = useSearchParams();
  const resendParam = Number(params.get('resend'));
  const seq = Number.isInteger(resendParam) && resendParam > 0 ? resendParam : null;
  const found = useContact(id);
  const entry = useOutboxEntry(seq);
  const places = usePlaces();
  usePageMeta(t`Edit contact`);

  if (!user || !can(user.role, 'contacts.manage')) return <ContactsNotAllowed />;
  if (found === undefined || entry === undefined || !places) return <LoadingState label={t`Loading…`} />;
  const fixing = entry !== null && entry.entityId === id && entry.entity === 'contacts' && entry.status === 'attention' ? entry : null;
  if (!found && !fixing) return <ContactGone />;

  const fromContact = valuesFrom(found ? fieldsOf(found.contact) : null);
  const initial = fixing ? valuesFrom(fixing.args as Record<string, unknown>, fromContact) : fromContact;
  const save = async (fields: ContactFields) => {
    if (fixing?.seq !== undefined) {
      await resendContact(db, fixing.seq, id, fields);
      void toastOutcome(db, i18n, fixing.seq, contactOutcomeTexts(i18n, fixing.name === 'contacts.create' ? 'create' : 'update'));
    } else {
      const queued = await updateContact(db, id, fields);
      void toastOutcome(db, i18n, queued, contactOutcomeTexts(i18n, 'update'));
    }
    // A refused create that the engine rolled back has no local contact to show yet.
    await navigate(found ? `/admin/contacts/${id}` : '/app/outbox', { replace: true });
  };
  return (
    <div className="page contact-form-page">
      <ContactForm
        key={fixing ? `fix-${fixing.seq}` : id}
        title={fixing ? <Trans>Fix and resend</Trans> : <Trans>Edit contact</Trans>}
        initial={initial}
        initialErrors={fixing ? firstErrors(fixing.error?.errors) : {}}
        initialFormError={fixing?.error && !fixing.error.errors ? fixing.error.message : null}
        places={places}
        submitLabel={fixing ? t`Save and resend` : t`Save changes`}
        onSubmit={save}
        onCancel={() => void navigate(-1)}
      />
    </div>
  );
}
