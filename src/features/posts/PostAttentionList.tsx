import type { OutboxEntry } from '../../db/database';
import { PostAttention } from './PostAttention';

/** The refused changes of a post that is not (or no longer) on this device. */
export function PostAttentionList({
  entries,
  canFix,
  onDiscard,
  onKeepAsNew,
}: {
  entries: readonly OutboxEntry[];
  canFix: boolean;
  onDiscard: (seq: number) => void;
  onKeepAsNew: (seq: number) => void;
}) {
  return (
    <div className="page">
      {entries.map((entry) => (
        <PostAttention key={entry.id} entry={entry} canFix={canFix} onDiscard={onDiscard} onKeepAsNew={onKeepAsNew} />
      ))}
    </div>
  );
}
