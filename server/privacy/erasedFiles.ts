import { rm } from 'node:fs/promises';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { Storage } from '../storage/storage';
import type { ExportFiles } from './exportZip';
import { rowsOf } from './restamp';

/**
 * Removes the files of erased members once the erasure has committed (it wakes the exports
 * job, which runs this; never inside the erasure's transaction, whose rollback must keep
 * them): avatars of removed accounts (then their keys), and the files of deleted documents
 * with their upload metadata (then their keys). The attachments of removed posts and events
 * go through the documents feature's sweep after every commit that removed one. Any process
 * may run it beside another: a file already gone is no error.
 */
export async function sweepErasedFiles(db: Database, storage: Storage, files: ExportFiles): Promise<number> {
  const avatars = await db
    .select({ id: users.id, avatar: users.avatar })
    .from(users)
    .where(and(isNotNull(users.removedAt), isNotNull(users.avatar)))
    .limit(200);
  for (const row of avatars) {
    await storage.delete(row.avatar!);
    await db
      .update(users)
      .set({ avatar: null })
      .where(and(eq(users.id, row.id), eq(users.avatar, row.avatar!)));
  }
  const documents = await rowsOf<{ id: string; college_id: string; file_key: string }>(
    db,
    sql`select id::text as id, college_id::text as college_id, file_key from documents where deleted_at is not null and file_key <> '' limit 200`,
  );
  for (const row of documents) {
    const path = files.documentPathOf(row.college_id, row.file_key);
    if (path) {
      await rm(path, { force: true });
      await rm(`${path}.json`, { force: true });
    }
    // The key is not on the wire: no change number.
    await db.execute(sql`update documents set file_key = '' where id::text = ${row.id} and file_key = ${row.file_key}`);
  }
  return avatars.length + documents.length;
}
