import type { User } from '../../contract/auth';
import { countUnsent, deletePatioDb } from '../db/lifecycle';
import { syncClient } from '../sync/syncClient';
import { getTenant } from '../tenant/tenantStore';
import type { SignOutKind } from './createSession';

/**
 * What happens to a user's local database when they are signed out (docs/sync.md,
 * rule 6: a shared school computer must not show the previous user's data):
 *
 * - The user signed out (`user`): they were warned about unsent changes and chose to go
 *   (src/app/SignOutButton.tsx), so the database is deleted, outbox and all.
 * - The server signed them out (`forced`: "Unauthenticated.", e.g. the token was revoked
 *   or expired): nobody chose to lose anything, so a database with unsent changes is KEPT
 *   (docs/sync.md, rule 4) — when the same user signs in again, the worker resumes the queue. A
 *   database with an empty outbox is deleted as usual. The kept data stays unreadable in
 *   the app: it is opened only for that user after they sign in.
 *
 * The sync worker stops first, and the deletion waits a moment so the signed-in screens
 * have unmounted and closed their connection (they would otherwise reopen it).
 */
let unsentTables: readonly string[] = [];

/**
 * The modules' tables of work not sent yet besides the outbox (DataModule.unsentTables),
 * handed over by the app (src/app/SignedInArea.tsx): the core names no feature.
 */
export function setUnsentTables(tables: readonly string[]): void {
  unsentTables = tables;
}

export async function forgetLocalData(user: User, how: SignOutKind): Promise<void> {
  const college = getTenant().college;
  await syncClient.stop();
  if (!college) return;
  await new Promise((resolve) => setTimeout(resolve, 50));
  if (how === 'forced' && (await countUnsent(college.slug, user.id, unsentTables)) > 0) return;
  await deletePatioDb(college.slug, user.id);
}
