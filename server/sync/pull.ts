import { eq } from 'drizzle-orm';
import type { Change, PullResponse } from '../../contract/sync';
import type { Database } from '../db/client';
import { syncState } from '../db/schema';
import { decodeCursor, encodeCursor } from './cursor';
import type { ChangedRow, SyncedEntity } from './entity';
import { audienceOf, type Viewer } from './viewer';

const resetReply: PullResponse = { changes: [], cursor: '', hasMore: true, reset: true };

/**
 * One page of the viewer's change feed (DESIGN.md sync invariant 1): the rows of every
 * synced entity of the college changed after the cursor that concern the viewer, merged in
 * change order (which is commit order, see writeInCollege), at most `limit`. A visible row
 * is an upsert; a row deleted or no longer visible is a delete — only for a viewer who may
 * have it (its `seen_keys`, and cursor.ts `h`). Each entity filters in SQL, all in one
 * snapshot. A last page moves the cursor to the snapshot's end, past rows of others.
 */
export async function pullChanges(
  db: Database,
  entities: readonly SyncedEntity[],
  viewer: Viewer,
  query: { cursor?: string | undefined; limit: number },
): Promise<PullResponse> {
  const audience = audienceOf(viewer);
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (cursor && cursor.a !== audience) return resetReply;

  const after = cursor?.s ?? -1;
  const read = await db.transaction(
    async (tx) => {
      const [state] = await tx.select().from(syncState).where(eq(syncState.collegeId, viewer.collegeId));
      const high = state?.seq ?? 0;
      // Compaction removed a tombstone the device may not have received.
      if (cursor && cursor.s < (state?.compactedSeq ?? 0)) return null;
      const unseenUpTo = cursor ? cursor.h : high;
      const found: ChangedRow[] = [];
      // Each entity's first limit+1 rows hold the merged first limit+1.
      for (const entity of entities) {
        found.push(...(await entity.changedSince(tx, { collegeId: viewer.collegeId, keys: viewer.keys, afterSeq: after, unseenUpTo, limit: query.limit + 1 })));
      }
      return { rows: found.sort((x, y) => x.seq - y.seq), high, unseenUpTo };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  if (!read) return resetReply;

  const { rows, high, unseenUpTo } = read;
  const page = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  const changes: Change[] = page.map((row) => (row.visible ? { entity: row.entity, op: 'upsert', row: row.toWire() } : { entity: row.entity, op: 'delete', id: row.id }));
  // Nothing more concerns the viewer up to the snapshot's counter: the next pull starts there.
  const last = hasMore ? page.at(-1)!.seq : Math.max(high, after, 0);
  return { changes, cursor: encodeCursor({ s: last, h: unseenUpTo, a: audience }), hasMore, reset: false };
}
