import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Attachment, AttachmentOwnerKind } from '../../contract/attachments';
import type { Permission } from '../../contract/permissions';
import { looksLikeUuid } from '../audience/references';
import type { AudienceTable } from '../audience/visibility';
import type { Database } from '../db/client';
import type { SyncedTable } from '../sync/entity';
import type { Write } from '../sync/writeInCollege';

/** What an owner's row tells the attachments: whether it is live, and who may see it. */
export interface OwnerRecord {
  id: string;
  deletedAt: Date | null;
  audienceKeys: string[];
  seenKeys: string[];
}

/**
 * A kind of row that has attachments (a post, an event), declared by its feature
 * (server/feature.ts `attachmentOwners`): the core reads and re-lists it without importing
 * the feature.
 */
export interface AttachmentOwner {
  kind: AttachmentOwnerKind;
  /** What it takes to edit the owner, and so to attach files to it or take them off. */
  editPermission: Permission;
  /** The answer when the owner was deleted. */
  notFound: string;
  /** The owner of the college with this id (a tombstone too), locked for the write when asked; null when there is none. */
  find: (tx: Database, collegeId: string, id: string, lock: boolean) => Promise<OwnerRecord | null>;
  /** Writes the owner's new list with a new change number, for every device that could have the row. */
  writeList: (write: Write, owner: OwnerRecord, list: Attachment[]) => Promise<void>;
}

export type AttachmentOwners = ReadonlyMap<AttachmentOwnerKind, AttachmentOwner>;

/** A synced table with an audience and the `attachments` column (server/attachments/schema.ts). */
type OwnerTable = SyncedTable & AudienceTable & { attachments: AnyPgColumn; updatedAt: AnyPgColumn };

/** An owner whose rows live in `table`: the list is its `attachments` column. */
export function defineAttachmentOwner(definition: {
  kind: AttachmentOwnerKind;
  table: OwnerTable;
  editPermission: Permission;
  notFound: string;
}): AttachmentOwner {
  const { table } = definition;
  const source: PgTable = table;
  return {
    kind: definition.kind,
    editPermission: definition.editPermission,
    notFound: definition.notFound,
    async find(tx, collegeId, id, lock) {
      if (!looksLikeUuid(id)) return null;
      const query = tx
        .select({ id: table.id, deletedAt: table.deletedAt, audienceKeys: table.audienceKeys, seenKeys: table.seenKeys })
        .from(source)
        .where(and(eq(table.id, id.toLowerCase()), eq(table.collegeId, collegeId)));
      const [row] = (lock ? await query.for('update') : await query) as OwnerRecord[];
      return row ?? null;
    },
    async writeList(write, owner, list) {
      const changes: Record<string, unknown> = { attachments: list, updatedAt: new Date(), seq: write.stamp(owner.seenKeys) };
      await write.tx.update(source).set(changes).where(eq(table.id, owner.id));
    },
  };
}
