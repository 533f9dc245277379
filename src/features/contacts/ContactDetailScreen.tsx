import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { can } from '../../../contract/permissions';
import { useSession } from '../../session/session';
import { useItemSyncState } from '../../sync/hooks';
import { toastOutcome } from '../../sync/outcomeToasts';
import { usePageMeta } from '../../tenant/usePageMeta';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LoadingState } from '../../ui/ScreenStates';
import { showToast } from '../../ui/toastStore';
import { ContactDetailView } from './ContactDetailView';
import { contactOutcomeTexts } from './contactOutcomeTexts';
import { useContact } from './contactQueries';
import { ContactGone } from './ContactScreenStates';
import { deleteContact } from './contactWrites';
import { useContactsDb } from './useContactsDb';

/** `/admin/contacts/:contact`: one contact from the device, with delete for administrators. */
export function ContactDetailScreen() {
  const { t, i18n } = useLingui();
  const db = useContactsDb();
  const { user } = useSession();
  const navigate = useNavigate();
  const { contact: id = '' } = useParams();
  const found = useContact(id);
  const state = useItemSyncState(id);
  const [confirming, setConfirming] = useState(false);
  usePageMeta(found?.contact.name ?? t`Contact`);

  if (found === undefined) return <LoadingState label={t`Loading…`} />;
  if (found === null) return <ContactGone />;

  const remove = async () => {
    try {
      const seq = await deleteContact(db, id);
      void toastOutcome(db, i18n, seq, contactOutcomeTexts(i18n, 'delete'));
      await navigate('/admin/contacts', { replace: true });
    } catch (error) {
      console.error(error);
      showToast(t`This contact could not be deleted on this device. Please try again.`, 'error');
    }
  };

  const name = found.contact.name;
  return (
    <>
      <ContactDetailView
        contact={found.contact}
        place={found.place}
        state={state}
        canManage={can(user?.role, 'contacts.manage')}
        onDelete={() => setConfirming(true)}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Delete this contact?`}
        description={t`${name} will be removed from every member's directory.`}
        confirmLabel={t`Delete`}
        onConfirm={() => void remove()}
      />
    </>
  );
}
