import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { ArrowBackIcon, UserIcon } from '../../ui/icons';
import type { ChatHeader as ChatHeaderData } from './chatQueries';
import { ConversationName } from './ConversationName';
import { RoleName } from './RoleName';

/** The chat's top: back to the list, the conversation's name (the page's heading) and its details. */
export function ChatHeader({ header, title }: { header: ChatHeaderData; title: string }) {
  const { t } = useLingui();
  const { conversation, members, me } = header;
  const other = conversation.kind === 'direct' ? members.find((member) => member.user_id !== me.user_id) : undefined;
  return (
    <header className="chat-header">
      <Link className="icon-button" to="/messenger" aria-label={t`Back to messages`} title={t`Back to messages`}>
        <ArrowBackIcon className="icon icon-flip-rtl" />
      </Link>
      <div className="chat-header-text">
        <h1 className="chat-title">
          <ConversationName summary={{ title, conversation }} />
        </h1>
        <p className="muted chat-subtitle">
          {other ? (
            <RoleName role={other.user_role} />
          ) : conversation.kind === 'group' ? (
            <Plural value={members.length} one="# member" other="# members" />
          ) : null}
          {me.muted ? (
            <>
              {' · '}
              <Trans>Muted</Trans>
            </>
          ) : null}
        </p>
      </div>
      <Link className="icon-button" to={`/messenger/${conversation.id}/info`} aria-label={t`Conversation details`} title={t`Conversation details`}>
        <UserIcon />
      </Link>
    </header>
  );
}
