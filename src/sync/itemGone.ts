import type { OutboxEntry } from '../db/database';

/**
 * The server refused the change because its item no longer exists (404: deleted by someone
 * else, or never visible): fixing and resending it cannot work.
 */
export function itemGone(entry: Pick<OutboxEntry, 'status' | 'error'>): boolean {
  return entry.status === 'attention' && entry.error?.status === 404;
}
