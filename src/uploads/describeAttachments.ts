import type { Attachment } from '../../contract/attachments';
import type { PatioDb } from '../db/database';
import { mutate } from '../sync/mutate';

/** The local row of a post or an event, as far as its files go. */
interface WithAttachments {
  attachments?: Attachment[];
}

/**
 * Sets the text alternatives of images a post or an event has (`attachments.describe`, a
 * mutation of the core that the server checks against the owner's edit right): one outbox
 * entry each, about the owner's row, which shows the new text at once. Empty takes it off.
 */
export async function describeAttachments(db: PatioDb, owner: { table: string; id: string }, alts: ReadonlyMap<string, string>): Promise<void> {
  for (const [id, written] of alts) {
    const alt = written.trim();
    await mutate(db, { name: 'attachments.describe', args: { id, alt }, entity: owner.table, entityId: owner.id }, async () => {
      await db
        .table<WithAttachments, string>(owner.table)
        .where('id')
        .equals(owner.id)
        .modify((row) => {
          row.attachments = row.attachments?.map((file) => {
            if (file.id !== id) return file;
            const { alt: _old, ...rest } = file;
            return alt ? { ...rest, alt } : rest;
          });
        });
    });
  }
}
