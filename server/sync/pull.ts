import { eq, type SQL } from 'drizzle-orm';
import type { Change, PullResponse } from '../../contract/sync';
import type { Database } from '../db/client';
import { colleges, syncState } from '../db/schema';
import { decodeCursor, encodeCursor, type Cursor } from './cursor';
import type { ChangedRow, SyncedEntity } from './entity';
import { audienceOf, type Viewer } from './viewer';

const resetReply: PullResponse = { changes: [], cursor: '', hasMore: true, reset: true };

/**
 * One page of the viewer's change feed (docs/sync.md, rule 1): the rows of every
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
      // The first statement (which fixes the snapshot) reads the counter and asks every
      // entity at once whether it has anything for the viewer: a device polling a school
      // where nothing changed for it costs one query, not one per entity.
      const probe = await probeChanges(tx, entities, viewer, cursor);
      const high = probe.seq;
      // Compaction removed a tombstone the device may have needed. Tombstones numbered up to
      // `h` are of rows deleted before the device's first pull: it never had them.
      if (cursor && Math.max(cursor.s, cursor.h) < probe.compactedSeq) return null;
      const unseenUpTo = cursor ? cursor.h : high;
      const found: ChangedRow[] = [];
      // Each entity's first limit+1 rows hold the merged first limit+1.
      for (const [i, entity] of entities.entries()) {
        if (!probe.changed[i]) continue;
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
  const changes: Change[] = page.map((row) =>
    row.visible ? { entity: row.entity, op: 'upsert', row: row.toWire() } : { entity: row.entity, op: 'delete', id: row.id },
  );
  // Nothing more concerns the viewer up to the snapshot's counter: the next pull starts there.
  const last = hasMore ? page.at(-1)!.seq : Math.max(high, after, 0);
  return { changes, cursor: encodeCursor({ s: last, h: unseenUpTo, a: audience }), hasMore, reset: false };
}

/**
 * A new device's first request: the rows each entity's first screen shows (its `head`: the
 * newest posts, the categories), visible to the viewer, then a cursor to sync everything
 * from, in order, as without a head. The cursor starts at the beginning (`s` 0), so it is
 * never ahead of what the device stores (docs/sync.md, rule 1): the sync sends these rows
 * again in their place. Its `h` is this snapshot's counter, so a head row changed or
 * hidden after it comes as an upsert or a delete, as for any row the device has.
 */
export async function pullHead(db: Database, entities: readonly SyncedEntity[], viewer: Viewer): Promise<PullResponse> {
  const withHead = entities.filter((entity) => entity.headRows);
  const { rows, high } = await db.transaction(
    async (tx) => {
      const probe = await probeChanges(tx, [], viewer, null);
      const found: ChangedRow[] = [];
      for (const entity of withHead) found.push(...(await entity.headRows!(tx, { collegeId: viewer.collegeId, keys: viewer.keys })));
      return { rows: found, high: probe.seq };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const changes: Change[] = rows.map((row) => ({ entity: row.entity, op: 'upsert', row: row.toWire() }));
  return { changes, cursor: encodeCursor({ s: 0, h: high, a: audienceOf(viewer) }), hasMore: true, reset: false };
}

interface Probe {
  seq: number;
  compactedSeq: number;
  /** Per entity (in order): it may have rows for the viewer after the cursor. */
  changed: boolean[];
}

/**
 * The college's counters and, from a cursor, which entities have changes for the viewer
 * after it, in one statement. A first pull (no cursor) asks every entity.
 */
async function probeChanges(db: Database, entities: readonly SyncedEntity[], viewer: Viewer, cursor: Cursor | null): Promise<Probe> {
  const flags: Record<string, SQL<boolean>> = {};
  if (cursor) {
    const query = { collegeId: viewer.collegeId, keys: viewer.keys, afterSeq: cursor.s, unseenUpTo: cursor.h };
    entities.forEach((entity, i) => (flags[`e${i}`] = entity.hasChangesSince(query)));
  }
  const [row] = (await db
    .select({ seq: syncState.seq, compactedSeq: syncState.compactedSeq, ...flags })
    .from(colleges)
    .leftJoin(syncState, eq(syncState.collegeId, colleges.id))
    .where(eq(colleges.id, viewer.collegeId))) as ({ seq: number | null; compactedSeq: number | null } & Record<string, unknown>)[];
  return {
    seq: row?.seq ?? 0,
    compactedSeq: row?.compactedSeq ?? 0,
    changed: entities.map((_, i) => !cursor || row?.[`e${i}`] === true),
  };
}
