import { eq } from 'drizzle-orm';
import type { Change, PullResponse } from '../../contract/sync';
import type { Database } from '../db/client';
import { syncState } from '../db/schema';
import { decodeCursor, encodeCursor } from './cursor';
import { syncedEntities } from './entities';
import type { ChangedRow } from './entity';
import { audienceOf, type Viewer } from './viewer';

/**
 * One page of the viewer's change feed (DESIGN.md sync invariant 1): the rows of every
 * synced entity of the college changed after the cursor, merged in change order (which is
 * commit order, see writeInCollege), at most `limit`. A visible row is an upsert; a row
 * deleted or no longer visible is a delete, unless the device cannot have it (see
 * cursor.ts `h`). All tables are read in one snapshot.
 */
export async function pullChanges(db: Database, viewer: Viewer, query: { cursor?: string | undefined; limit: number }): Promise<PullResponse> {
  const audience = audienceOf(viewer);
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (cursor && cursor.a !== audience) return { changes: [], cursor: '', hasMore: true, reset: true };

  const after = cursor?.s ?? -1;
  const { rows, high } = await db.transaction(
    async (tx) => {
      const [state] = await tx.select({ seq: syncState.seq }).from(syncState).where(eq(syncState.collegeId, viewer.collegeId));
      const found: ChangedRow[] = [];
      // Each entity's first limit+1 rows hold the merged first limit+1.
      for (const entity of syncedEntities) found.push(...(await entity.changedSince(tx, viewer.collegeId, after, query.limit + 1)));
      return { rows: found.sort((x, y) => x.seq - y.seq), high: state?.seq ?? 0 };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  const page = rows.slice(0, query.limit);
  const unseenUpTo = cursor ? cursor.h : high;
  const changes: Change[] = [];
  for (const row of page) {
    if (!row.deleted && row.visibleTo(viewer)) changes.push({ entity: row.entity, op: 'upsert', row: row.toWire() });
    else if (cursor && row.seq > unseenUpTo) changes.push({ entity: row.entity, op: 'delete', id: row.id });
  }
  const last = page.at(-1)?.seq ?? Math.max(after, 0);
  return {
    changes,
    cursor: encodeCursor({ s: last, h: unseenUpTo, a: audience }),
    hasMore: rows.length > query.limit,
    reset: false,
  };
}
