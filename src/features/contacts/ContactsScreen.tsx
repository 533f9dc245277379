import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { can } from '../../../contract/permissions';
import { useSession } from '../../session/session';
import { usePendingStates } from '../../sync/hooks';
import { usePageMeta } from '../../tenant/usePageMeta';
import { useContacts } from './contactQueries';
import { ContactsView } from './ContactsView';

const noPlaces = new Map();

/** `/admin/contacts`: the directory, read from the device (offline too); `?q=` is the search. */
export function ContactsScreen() {
  const { t } = useLingui();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const list = useContacts(search);
  const states = usePendingStates('contacts');
  usePageMeta(t`Contacts`);
  const onSearch = useCallback((text: string) => setParams(text.trim() ? { q: text } : {}, { replace: true }), [setParams]);
  return (
    <ContactsView
      contacts={list?.contacts}
      places={list?.places ?? noPlaces}
      firstSyncPending={list?.firstSyncPending ?? false}
      search={search}
      onSearch={onSearch}
      canManage={can(user?.role, 'contacts.manage')}
      states={states}
    />
  );
}
