import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { MessageRow } from '../../../contract/messenger';
import type { OutboxEntry } from '../../db/database';
import { translateServerMessage } from '../../i18n/serverMessages';
import { useSession } from '../../session/session';
import { discard, resend } from '../../sync/hooks';
import { toastOutcome } from '../../sync/outcomeToasts';
import { collegeTimeZone, useCollege } from '../../tenant/tenantStore';
import { usePageMeta } from '../../tenant/usePageMeta';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { BackTo, LoadingState } from '../../ui/ScreenStates';
import { showToast } from '../../ui/toastStore';
import { ChatHeader } from './ChatHeader';
import { useChatHeader, useChatMessages, type ChatMessages } from './chatQueries';
import { Composer } from './Composer';
import { conversationTitle } from './conversationList';
import { MessageList } from './MessageList';
import { deleteMessage, editMessage, reportMessage, sendMessage } from './messengerWrites';
import { ReportDialog } from './ReportDialog';
import { ChatStaffHours } from './StaffHoursNote';
import { readOnlyReason } from './chatRule';
import { useMessengerDb } from './useMessengerDb';
import { useMessengerRules } from './useMessengerRules';
import { useFillViewport } from './useFillViewport';
import { useReadMarker } from './useReadMarker';

/** Messages read at first, and added each time scrolling back reaches the oldest. */
const pageSize = 50;

/** `/messenger/:conversation`: the chat, from the device (offline too). */
export function ChatScreen() {
  const { conversation = '' } = useParams();
  // A new conversation starts over: its own window of messages, nothing being edited.
  return <Chat key={conversation} conversationId={conversation} />;
}

function Chat({ conversationId }: { conversationId: string }) {
  const { t, i18n } = useLingui();
  const db = useMessengerDb();
  const { user } = useSession();
  const me = user?.id ?? '';
  const header = useChatHeader(conversationId, me);
  const rules = useMessengerRules();
  const college = useCollege();
  const [limit, setLimit] = useState(pageSize);
  const latest = useChatMessages(conversationId, limit);
  // While a larger window is read, the list keeps showing the last one.
  const [kept, setKept] = useState<ChatMessages | undefined>(latest);
  if (latest !== undefined && latest !== kept) setKept(latest);
  const chat = latest ?? kept;
  const [editing, setEditing] = useState<MessageRow | null>(null);
  const [deleting, setDeleting] = useState<MessageRow | null>(null);
  const [reporting, setReporting] = useState<MessageRow | null>(null);
  const [sentCount, setSentCount] = useState(0);
  const title = header ? conversationTitle(header.conversation, header.members, me) : '';
  usePageMeta(title || t`Messages`);
  const onShownUpTo = useReadMarker(db, conversationId, me, header?.me.read_position);
  const loadOlder = useCallback(() => setLimit((current) => current + pageSize), []);

  const actions = useMemo(
    () => ({
      onEdit: (message: MessageRow) => setEditing(message),
      onDelete: (message: MessageRow) => setDeleting(message),
      onReport: (message: MessageRow) => setReporting(message),
      onRetry: (entry: OutboxEntry) => {
        if (entry.seq !== undefined) resend(db, entry.seq, entry.args).catch((error: unknown) => console.error(error));
      },
      onDiscard: (entry: OutboxEntry) => {
        if (entry.seq !== undefined) discard(db, entry.seq).catch((error: unknown) => console.error(error));
      },
    }),
    [db],
  );

  if (header === undefined || chat === undefined) return <LoadingState label={t`Loading…`} />;
  if (header === null) {
    return (
      <BackTo to="/messenger" linkLabel={<Trans>Back to messages</Trans>}>
        <Trans>This conversation is not on this device.</Trans>
      </BackTo>
    );
  }

  const mayWrite = header.conversation.members_can_reply || header.me.role === 'admin';
  const refusal = readOnlyReason(header, rules, mayWrite);

  const submit = async (text: string) => {
    if (!user) return;
    if (editing) {
      await editMessage(db, editing.id, text);
      setEditing(null);
      return;
    }
    await sendMessage(db, user, conversationId, text);
    setSentCount((count) => count + 1);
  };

  const report = (message: MessageRow, reason: string) => {
    setReporting(null);
    reportMessage(db, message.id, reason).then(
      (seq) =>
        toastOutcome(db, i18n, seq, {
          sent: t`The message was reported to the school’s administrators.`,
          refused: (why) => t`The message could not be reported: ${why}`,
        }),
      (error: unknown) => {
        console.error(error);
        showToast(t`The message could not be reported on this device. Please try again.`, 'error');
      },
    );
  };

  return (
    <ChatPage>
      <ChatHeader header={header} title={title} />
      <MessageList
        messages={chat.messages}
        entries={chat.entries}
        members={header.members}
        me={me}
        myCollegeRole={user?.role}
        group={header.conversation.kind === 'group'}
        hasOlder={chat.hasOlder}
        onLoadOlder={loadOlder}
        onShownUpTo={onShownUpTo}
        sentCount={sentCount}
        title={title}
        {...actions}
      />
      {refusal === null ? (
        <>
          <ChatStaffHours hours={rules} me={header.me} members={header.members} timeZone={collegeTimeZone(college)} phone={college.phone} />
          <Composer editing={editing} onCancelEdit={() => setEditing(null)} onSubmit={submit} />
        </>
      ) : (
        <p className="chat-read-only" role="note">
          {translateServerMessage(i18n, refusal)}
        </p>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t`Delete this message?`}
        description={<Trans>Everyone in the conversation will see “This message was deleted” instead.</Trans>}
        confirmLabel={t`Delete`}
        onConfirm={() => {
          if (deleting) deleteMessage(db, deleting.id).catch((error: unknown) => console.error(error));
          setDeleting(null);
        }}
      />
      <ReportDialog message={reporting} onClose={() => setReporting(null)} onReport={report} />
    </ChatPage>
  );
}

/** The chat's frame: exactly the window's height between the bars. */
function ChatPage({ children }: { children: ReactNode }) {
  const page = useRef<HTMLDivElement>(null);
  useFillViewport(page);
  return (
    <div ref={page} className="chat-page">
      {children}
    </div>
  );
}
