import type { Attachment } from '../../contract/attachments';
import type { PatioDb } from '../db/database';
import { mutate } from '../sync/mutate';

/** The local row of a post or an event, as far as its files go. */
interface WithAttachments {
  attachments?: Attachment[];
}

/**
 * Takes files off a post or an event (`attachments.remove`, a mutation of the core that
 * the server checks against the owner's edit right): one outbox entry each, about the owner's
 * row (`table`, `id`), so the item shows "not sent" until the server answered, the file
 * leaves its list at once, and discarding the change puts it back. Returns the entries' seqs.
 */
export async function removeAttachments(db: PatioDb, owner: { table: string; id: string }, ids: readonly string[]): Promise<number[]> {
  const seqs: number[] = [];
  for (const id of ids) {
    seqs.push(
      await mutate(db, { name: 'attachments.remove', args: { id }, entity: owner.table, entityId: owner.id }, async () => {
        await db
          .table<WithAttachments, string>(owner.table)
          .where('id')
          .equals(owner.id)
          .modify((row) => {
            if (row.attachments) row.attachments = row.attachments.filter((file) => file.id !== id);
          });
      }),
    );
  }
  return seqs;
}
