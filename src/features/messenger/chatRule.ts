import { messages, type MessageText } from '../../../contract/messages';
import type { ConversationMemberRow } from '../../../contract/messenger';
import { writeRefusal, type MessengerRulesFields, type RuleMember } from '../../../contract/messengerRules';
import type { ChatHeader } from './chatQueries';

const asRuleMember = (row: ConversationMemberRow): RuleMember => ({ userId: row.user_id, userRole: row.user_role, role: row.role });

/**
 * Why I may not write in this chat, in the server's words, or null: a group where only its
 * admins write, or the school's rule as synced to the device (contract/messengerRules.ts
 * `writeRefusal`, the check the server makes on each message).
 */
export function readOnlyReason(header: ChatHeader, rules: MessengerRulesFields | undefined, membersCanWrite: boolean): MessageText | null {
  if (!membersCanWrite) return messages.groupRepliesClosed;
  if (!rules) return null;
  const refusal = writeRefusal(
    rules,
    { kind: header.conversation.kind, createdBy: header.conversation.created_by },
    asRuleMember(header.me),
    header.members.map(asRuleMember),
  );
  if (refusal === 'groupReply') return messages.messengerRuleGroupReply;
  if (refusal === 'conversation') return messages.messengerRuleConversation;
  return null;
}
