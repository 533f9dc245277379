import type { OutboxEntry } from '../../db/database';
import { useAttention } from '../../sync/useOutboxEntry';

export { useOutboxEntry } from '../../sync/useOutboxEntry';

/** The refused changes of one post, oldest first (they are fixed in that order). */
export function usePostAttention(postId: string): OutboxEntry[] | undefined {
  return useAttention('posts', postId);
}
