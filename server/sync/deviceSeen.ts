import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { accessTokens } from '../db/schema';

/** A device's pull is written down at most this often (its token's `synced_at`). */
export const deviceSeenEveryMs = 60 * 60_000;

/**
 * Remembers that the device holding a session has synced (`access_tokens.synced_at`), which
 * tells the delivery of items whether a member still has a device that shows them
 * (server/delivery). Most pulls are answered from memory (quietPolls.ts): this writes once
 * an hour per session and process, after the answer, and a failure only loses one mark.
 */
export function deviceSeen(db: Database, log: FastifyBaseLogger, now: () => number = Date.now) {
  const written = new Map<string, number>();
  return (tokenId: string): void => {
    const at = now();
    const last = written.get(tokenId);
    if (last !== undefined && at - last < deviceSeenEveryMs) return;
    if (written.size > 50_000) written.clear();
    written.set(tokenId, at);
    db.update(accessTokens)
      .set({ syncedAt: new Date(at) })
      .where(eq(accessTokens.id, tokenId))
      .then(
        () => undefined,
        (error: unknown) => {
          written.delete(tokenId);
          log.warn({ err: error }, 'could not record a device as synced');
        },
      );
  };
}
