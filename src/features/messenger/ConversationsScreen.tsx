import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { can } from '../../../contract/permissions';
import type { PersonRow } from '../../../contract/messenger';
import { localSaveMessage } from '../../forms/localSave';
import { useSession } from '../../session/session';
import { usePageMeta } from '../../tenant/usePageMeta';
import { showToast } from '../../ui/toastStore';
import { whenIdle } from '../../ui/whenIdle';
import { ConversationsView } from './ConversationsView';
import { startDirect } from './messengerWrites';
import { NewConversationDialog } from './NewConversationDialog';
import { useConversations } from './useConversations';
import { useMessengerDb } from './useMessengerDb';

/** `/messenger` (the original app's address): my conversations, read from the device (offline too); `?q=` is the search. */
export function ConversationsScreen() {
  const { t, i18n } = useLingui();
  const db = useMessengerDb();
  const { user } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [picking, setPicking] = useState(false);
  const search = params.get('q') ?? '';
  const list = useConversations(user?.id ?? '', search);
  usePageMeta(t`Messages`);
  // The chat's chunk (with the virtualised list) is fetched while the list is read, so a
  // conversation opens without waiting for the network.
  useEffect(() => whenIdle(() => void import('./chatRoute').catch(() => undefined), 2000), []);
  const onSearch = useCallback((text: string) => setParams(text.trim() ? { q: text } : {}, { replace: true }), [setParams]);

  const open = async (person: PersonRow) => {
    if (!user) return;
    try {
      const { id } = await startDirect(db, user, person);
      setPicking(false);
      await navigate(`/messenger/${id}`);
    } catch (error) {
      console.error(error);
      showToast(localSaveMessage(error, i18n, t`This conversation could not be started on this device. Please try again.`), 'error');
    }
  };

  return (
    <>
      <ConversationsView
        conversations={list?.conversations}
        firstSyncPending={list?.firstSyncPending ?? false}
        me={user?.id ?? ''}
        search={search}
        onSearch={onSearch}
        onNewConversation={() => setPicking(true)}
        mayCreateGroup={can(user?.role, 'messenger.groups.create')}
      />
      <NewConversationDialog open={picking} onOpenChange={setPicking} onPick={(person) => void open(person)} />
    </>
  );
}
