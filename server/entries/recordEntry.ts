import { and, eq, gt } from 'drizzle-orm';
import { uuidv7 } from '../../contract/ids';
import type { Database } from '../db/client';
import { entries } from '../db/schema';

export type EntryKind = 'sign_in' | 'app_open';

const hourMs = 60 * 60 * 1000;

/** Hour of day 0–23 of `at` in `timeZone` (the college's), falling back to UTC. */
export function hourIn(at: Date, timeZone: string): number {
  try {
    const text = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(at);
    return Number(text) % 24;
  } catch {
    return at.getUTCHours();
  }
}

interface EntryTarget {
  collegeId: string;
  userId: string;
  timeZone: string;
}

/**
 * Records a sign-in or an app open ("ingreso") for the statistics screen. App opens are
 * kept to one per user per hour, so a user reloading the app does not inflate the figures.
 */
export async function recordEntry(db: Database, target: EntryTarget, kind: EntryKind, at = new Date()): Promise<boolean> {
  if (kind === 'app_open') {
    const recent = await db
      .select({ id: entries.id })
      .from(entries)
      .where(
        and(
          eq(entries.collegeId, target.collegeId),
          eq(entries.userId, target.userId),
          eq(entries.kind, 'app_open'),
          gt(entries.occurredAt, new Date(at.getTime() - hourMs)),
        ),
      )
      .limit(1);
    if (recent.length > 0) return false;
  }
  await db.insert(entries).values({
    id: uuidv7(at.getTime()),
    collegeId: target.collegeId,
    userId: target.userId,
    kind,
    occurredAt: at,
    hour: hourIn(at, target.timeZone),
  });
  return true;
}
