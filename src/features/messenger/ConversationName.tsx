import { Trans } from '@lingui/react/macro';
import type { ConversationSummary } from './conversationList';

/** A conversation's name; a pair whose other member is not known yet says so. */
export function ConversationName({ summary }: { summary: Pick<ConversationSummary, 'title' | 'conversation'> }) {
  if (summary.title) return <bdi>{summary.title}</bdi>;
  return summary.conversation.kind === 'group' ? <Trans>Group without a name</Trans> : <Trans>Conversation</Trans>;
}
