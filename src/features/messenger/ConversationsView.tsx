import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { formatShortDate } from '../../i18n/formatDate';
import { Button, buttonClass } from '../../ui/Button';
import { SearchBox } from '../../ui/SearchBox';
import { EmptyState, LoadingState } from '../../ui/ScreenStates';
import type { ConversationSummary } from './conversationList';
import { ConversationName } from './ConversationName';
import { useClock } from './useClock';

export interface ConversationsViewProps {
  /** Undefined while the device reads. */
  conversations: readonly ConversationSummary[] | undefined;
  firstSyncPending: boolean;
  me: string;
  search: string;
  onSearch: (text: string) => void;
  onNewConversation: () => void;
  /** Staff and administrators (contract/permissions `messenger.groups.create`). */
  mayCreateGroup: boolean;
}

function Preview({ summary, me }: { summary: ConversationSummary; me: string }) {
  const { preview, previewAuthor } = summary;
  if (!preview) {
    return (
      <span className="conversation-preview muted">
        <span className="conversation-preview-text">
          <Trans>No messages yet</Trans>
        </span>
      </span>
    );
  }
  // The label and the text are separate boxes: the text ellipsizes at its own end, in its own
  // direction (a Spanish preview in the Arabic interface loses its last words, not its first).
  const body = preview.deleted_at ? (
    <span className="conversation-preview-text">
      <Trans>This message was deleted</Trans>
    </span>
  ) : (
    <bdi className="conversation-preview-text" dir="auto">
      {preview.text}
    </bdi>
  );
  return (
    <span className="conversation-preview muted">
      {preview.author_id === me ? (
        <span className="conversation-preview-author">
          <Trans>You:</Trans>
        </span>
      ) : previewAuthor && summary.conversation.kind === 'group' ? (
        <span className="conversation-preview-author">
          <bdi>{previewAuthor}</bdi>:
        </span>
      ) : null}
      {body}
    </span>
  );
}

/** The conversation list (the original app's `/messenger`): newest activity first, unread counts, search. */
export function ConversationsView({ conversations, firstSyncPending, me, search, onSearch, onNewConversation, mayCreateGroup }: ConversationsViewProps) {
  const { t, i18n } = useLingui();
  const now = new Date(useClock(60_000));
  // Today's activity by its time, older by its date: the list's column stays short on a phone.
  const when = (iso: string) => {
    const date = new Date(iso);
    return date.toDateString() === now.toDateString() ? i18n.date(date, { hour: 'numeric', minute: '2-digit' }) : formatShortDate(date, i18n.locale);
  };
  return (
    <div className="page messenger-page">
      <div className="posts-header messenger-header">
        <h1>
          <Trans>Messages</Trans>
        </h1>
        <div className="messenger-actions">
          <Button variant="primary" onClick={onNewConversation}>
            <Trans>New conversation</Trans>
          </Button>
          {mayCreateGroup ? (
            <Link className={buttonClass('secondary')} to="/messenger/groups/new">
              <Trans>Create group</Trans>
            </Link>
          ) : null}
        </div>
      </div>
      <SearchBox className="messenger-search" value={search} onSearch={onSearch} label={t`Search conversations and messages`} />
      {conversations === undefined ? (
        <LoadingState label={t`Loading…`} />
      ) : conversations.length === 0 ? (
        firstSyncPending ? (
          <LoadingState label={t`Downloading…`} />
        ) : search ? (
          <EmptyState>
            <Trans>No matching results were found.</Trans>
          </EmptyState>
        ) : (
          <EmptyState>
            <Trans>No conversations yet. Start one with “New conversation”.</Trans>
          </EmptyState>
        )
      ) : (
        <>
          {search ? (
            <p className="muted" role="status">
              <Plural value={conversations.length} one="# conversation found" other="# conversations found" />
            </p>
          ) : null}
          <ul className="conversation-list" aria-label={t`Conversations`}>
            {conversations.map((summary) => (
              <li key={summary.conversation.id}>
                <Link className={`card conversation-item ${summary.unread > 0 ? 'is-unread' : ''}`} to={`/messenger/${summary.conversation.id}`}>
                  <span className="conversation-line">
                    <span className="conversation-title">
                      <ConversationName summary={summary} />
                    </span>
                    <time className="conversation-time muted" dateTime={summary.activityAt}>
                      {when(summary.activityAt)}
                    </time>
                  </span>
                  <span className="conversation-line">
                    <Preview summary={summary} me={me} />
                    {summary.unread > 0 ? (
                      <span className="conversation-unread">
                        <span aria-hidden="true">{summary.unread}</span>
                        <span className="visually-hidden">
                          <Plural value={summary.unread} one="# unread message" other="# unread messages" />
                        </span>
                      </span>
                    ) : null}
                    {summary.me.muted ? (
                      <span className="conversation-muted muted">
                        <Trans>Muted</Trans>
                      </span>
                    ) : null}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
