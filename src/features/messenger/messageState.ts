import type { ConversationMemberRow, MessageRow } from '../../../contract/messenger';
import type { OutboxEntry } from '../../db/database';

/**
 * What a bubble of mine says: waiting (clock), sending, failed (the server's reason, retry
 * or discard), held by the school's staff hours (when it will be delivered), then sent,
 * delivered to every other member's device, read by every other member.
 */
export type BubbleState = 'waiting' | 'sending' | 'failed' | 'held' | 'sent' | 'delivered' | 'read';

/** How far the other members have all come: the lowest of their markers (null: nobody else). */
export interface OthersProgress {
  delivered: number;
  read: number;
}

export function othersProgress(members: readonly ConversationMemberRow[], me: string): OthersProgress | null {
  let progress: OthersProgress | null = null;
  for (const member of members) {
    if (member.user_id === me) continue;
    progress = progress
      ? { delivered: Math.min(progress.delivered, member.delivered_position), read: Math.min(progress.read, member.read_position) }
      : { delivered: member.delivered_position, read: member.read_position };
  }
  return progress;
}

/**
 * The state of one of my messages from its waiting outbox entries (send, edit, delete) and
 * the others' markers. A message the server applied but whose placed row has not come yet
 * (position 0, no entry left) is sent.
 */
export function bubbleState(
  message: Pick<MessageRow, 'position'> & Partial<Pick<MessageRow, 'held_until'>>,
  entries: readonly OutboxEntry[],
  others: OthersProgress | null,
): BubbleState {
  if (entries.some((entry) => entry.status === 'attention')) return 'failed';
  if (entries.some((entry) => entry.status === 'sending')) return 'sending';
  if (entries.length > 0) return 'waiting';
  // Nobody else has it yet, whatever their markers say.
  if (message.held_until) return 'held';
  if (message.position === 0 || !others) return 'sent';
  if (others.read >= message.position) return 'read';
  if (others.delivered >= message.position) return 'delivered';
  return 'sent';
}

/**
 * A chat's order: the server's messages by position, then this device's unplaced ones
 * (position 0) in the order they were written (UUIDv7 ids grow with time).
 */
export function chatOrder(messages: readonly MessageRow[]): MessageRow[] {
  const placed = messages.filter((message) => message.position > 0).sort((a, b) => a.position - b.position);
  const unplaced = messages
    .filter((message) => message.position === 0)
    .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return [...placed, ...unplaced];
}

/** Messages that count as unread: placed after my read marker, not mine, not deleted. */
export function isUnread(message: MessageRow, me: string, readPosition: number): boolean {
  return message.position > readPosition && message.author_id !== me && message.deleted_at === null;
}

/** Whether the author may still edit it (the server counts from when it received it). */
export function editable(message: MessageRow, me: string, windowMs: number, now: number): boolean {
  return message.author_id === me && message.deleted_at === null && now - Date.parse(message.created_at) < windowMs;
}
