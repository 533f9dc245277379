import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PullResponse } from '../../contract/sync';
import { authGuard, authOf, bearerTokenOf, requireUser, type Auth } from '../auth/requireUser';
import { digest } from '../auth/tokens';
import type { Database } from '../db/client';
import { syncState } from '../db/schema';
import { collegeOf } from '../tenancy/resolveCollege';
import type { FeedWatcher } from './changeFeed';
import { decodeCursor, encodeCursor } from './cursor';
import { HeardWrites } from './heardWrites';
import { stopIfGone } from './pullLane';
import { audienceOf, loadViewer, type Viewer } from './viewer';
import { onCommitted, type Poke, type SessionsChanged } from './writeInCollege';

/** A signed-in device as a pull needs it: who, and what they may see. */
export interface PullSession {
  auth: Auth;
  viewer: Viewer;
  audience: string;
}

export interface QuietPollsOptions {
  /** Starts the process's LISTEN (server/sync/changeFeed.ts); nothing is answered before. */
  listen: () => Promise<unknown>;
  /** How long a session is kept without asking the database again (default 5 s). */
  sessionTtlMs?: number;
  /** After this long without news of a college's counter, read it again in the background. */
  counterRefreshMs?: number;
  /** After this long without news of a college's counter, polls go to the database. */
  counterTtlMs?: number;
  maxSessions?: number;
  now?: () => number;
}

interface Counter {
  seq: number;
  confirmedAt: number;
}

interface CachedSession extends PullSession {
  expiresAt: number;
}

/** The query keys a quiet answer understands; any other parameter goes to the database. */
const understood = new Set(['cursor', 'limit', 'stream']);

/**
 * Answers a poll with nothing new without the database. A school at the bell is a thousand
 * devices polling, nearly all with nothing new: the process keeps what such an answer needs
 * in memory, from what it hears on its LISTEN (server/sync/changeFeed.ts):
 *
 * - each college's newest change number: every write that bumps it notifies it
 *   (writeInCollege), a write of this process raises it before returning, and a counter
 *   not heard of for `counterRefreshMs` is read again in the background;
 * - signed-in sessions (token → member → audience keys), for `sessionTtlMs`; a revoked
 *   token or a member's new role, status or sections notify (migration 0004's triggers)
 *   and the member's sessions are forgotten at once.
 *
 * A pull whose cursor is at (or past) the college's counter, for the audience it was made
 * for, answers `{changes: [], cursor: <the same>, hasMore: false, reset: false}` — what the
 * database would answer. Correctness stays with the database: a counter that is behind
 * (a notification still on its way) only answers "nothing yet" with the unchanged cursor,
 * which cannot make a gap; the next poke or poll brings the change. A college not heard of,
 * a process not (or no longer) listening, and every other case go to the database. A stale
 * session lasts at most one notification's way (or, if the LISTEN is silently dead, the TTL).
 *
 * "Nothing for you": a pull whose cursor `s` (not 0) is behind the counter C answers
 * `{changes: [], cursor: <s moved to C, the same h and a>, hasMore: false, reset: false}`
 * when the process heard every write numbered in (s, C] (each notification says the range
 * of numbers it gave, `HeardWrites`) and none of those writes reached the member's keys.
 * Why that is what the database would answer, and the cursor is never ahead:
 * 1. Every number in (s, C] was given by a write this process heard of (no hole), and C is
 *    committed, so every number up to C is: writes of a college run one after another,
 *    numbers in commit order (writeInCollege), so no write can still add a row there.
 * 2. A row the database pull would send from s up to C is a row numbered in (s, C] that is
 *    visible to the member (its `audience_keys` meet theirs) or that they may hold (its
 *    `seen_keys` meet theirs), or, for entities without an audience, any row. Its number
 *    was given by one of those writes, in the version it has now, and the write's reach is
 *    the union of the keys it stamped (`Write.stamp`): the `seen_keys` of what it wrote
 *    (which hold the `audience_keys`), or everyone — a row without an audience (reference
 *    data), a view count (`postStats`, which members receive), a payload too long. A delete
 *    or a row leaving an audience stamps its `seen_keys`, a released scheduled post its new
 *    ones. So a reach that misses every key of the member means no such row: the pull's
 *    page from s up to C is empty, and `s = C` claims nothing the device lacks.
 * 3. The same `h` and `a`: the database keeps them (the answer is for the cursor's
 *    audience, checked first; another answers `reset`). Compacted tombstones numbered in
 *    (s, C] were rows this member never had (point 2), so passing them needs no `reset`.
 * 4. The member's keys are those of the session the database pull would use too; a stale
 *    session is stale for both, and its audience changes the cursor's `a` (then `reset`).
 * Any doubt — a hole, a write older than the ones remembered, a notification without its
 * range (an older writer), a LISTEN lost (all forgotten) — asks the database.
 */
export class QuietPolls implements FeedWatcher {
  private live = false;
  /** Bumped whenever the process stops listening: reads begun before must not be kept. */
  private epoch = 0;
  /** Bumped on every forgetting of sessions: a lookup begun before must not be kept. */
  private sessionsEpoch = 0;
  private readonly counters = new Map<string, Counter>();
  private readonly heardWrites = new HeardWrites();
  private readonly refreshing = new Set<string>();
  /** By `college id + token digest`; in insertion order, the oldest first. */
  private readonly sessions = new Map<string, CachedSession>();
  private readonly bySession = new WeakMap<FastifyRequest, PullSession>();
  private readonly lookUp: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  private readonly stopCommits: () => void;
  private readonly sessionTtlMs: number;
  private readonly counterRefreshMs: number;
  private readonly counterTtlMs: number;
  private readonly maxSessions: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Database,
    private readonly options: QuietPollsOptions,
  ) {
    this.lookUp = requireUser(db);
    this.sessionTtlMs = options.sessionTtlMs ?? 5_000;
    this.counterRefreshMs = options.counterRefreshMs ?? 5_000;
    this.counterTtlMs = options.counterTtlMs ?? 30_000;
    this.maxSessions = options.maxSessions ?? 50_000;
    this.now = options.now ?? Date.now;
    this.stopCommits = onCommitted(db, (write) => {
      if (!this.live || write.seq === null) return;
      this.remember(write);
      // Only raises a counter known in this epoch: nothing after it was missed.
      const counter = this.counters.get(write.collegeId);
      if (counter) this.counters.set(write.collegeId, { seq: Math.max(counter.seq, write.seq), confirmedAt: this.now() });
    });
  }

  close(): void {
    this.stopCommits();
    this.deaf();
  }

  listening(): void {
    this.live = true;
  }

  deaf(): void {
    this.live = false;
    this.epoch++;
    this.counters.clear();
    this.heardWrites.clear();
    this.forgetSessions();
  }

  heard(notice: Poke | SessionsChanged): void {
    if (notice.kind === 'sessions') {
      this.sessionsEpoch++;
      for (const [key, session] of this.sessions) {
        if (session.viewer.userId === notice.userId && session.viewer.collegeId === notice.collegeId) this.sessions.delete(key);
      }
      return;
    }
    // A writer that did not say its number (an older version of the server): ask again.
    if (!this.live || notice.seq === null) return void this.counters.delete(notice.collegeId);
    this.remember(notice);
    const counter = this.counters.get(notice.collegeId);
    this.counters.set(notice.collegeId, { seq: Math.max(counter?.seq ?? 0, notice.seq), confirmedAt: this.now() });
  }

  /**
   * onRequest of pull: the session from memory, else from the database (`requireUser`,
   * then the member's sections), kept for the next polls.
   */
  readonly signedIn = authGuard(async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const token = bearerTokenOf(request);
    const key = token ? `${collegeOf(request).id} ${digest(token)}` : null;
    const cached = key ? this.sessions.get(key) : undefined;
    if (cached && this.live && cached.expiresAt > this.now()) {
      request.auth = cached.auth;
      this.bySession.set(request, cached);
      return;
    }
    if (key) this.sessions.delete(key);
    const epoch = this.sessionsEpoch;
    const startedAt = this.now();
    await this.lookUp(request, reply);
    stopIfGone(request);
    const auth = authOf(request);
    const viewer = await loadViewer(this.db, auth.user);
    const session: PullSession = { auth, viewer, audience: audienceOf(viewer) };
    this.bySession.set(request, session);
    if (key && this.live && epoch === this.sessionsEpoch) {
      if (this.sessions.size >= this.maxSessions) this.sessions.delete(this.sessions.keys().next().value!);
      this.sessions.set(key, { ...session, expiresAt: startedAt + this.sessionTtlMs });
    }
  });

  /** The session `signedIn` found for the request. */
  sessionOf(request: FastifyRequest): PullSession {
    const session = this.bySession.get(request);
    if (!session) throw new Error('quietPolls.sessionOf: the route has no signedIn hook');
    return session;
  }

  /** The answer to a pull with nothing new, or null when the database must answer. */
  answer(session: PullSession, query: Record<string, unknown>): PullResponse | null {
    if (!this.live) {
      this.options.listen().catch(() => undefined);
      return null;
    }
    const { collegeId } = session.viewer;
    const counter = this.counters.get(collegeId);
    const age = counter ? this.now() - counter.confirmedAt : Infinity;
    if (age >= this.counterRefreshMs) this.refresh(collegeId);
    if (!counter || age >= this.counterTtlMs) return null;
    if (typeof query.cursor !== 'string' || Object.entries(query).some(([name, value]) => value !== undefined && !understood.has(name))) return null;
    let cursor;
    try {
      cursor = decodeCursor(query.cursor);
    } catch {
      return null;
    }
    // Another audience answers `reset`; a cursor at the counter is past every compacted
    // tombstone (compaction.ts).
    if (cursor.a !== session.audience) return null;
    if (cursor.s >= counter.seq) return { changes: [], cursor: encodeCursor(cursor), hasMore: false, reset: false };
    // "Nothing for you": every write after the cursor heard, none for this member. Not from
    // the head's cursor (s 0): that device has yet to sync everything from the beginning.
    if (cursor.s > 0 && this.heardWrites.noneFor(collegeId, cursor.s, counter.seq, session.viewer.keySet)) {
      return { changes: [], cursor: encodeCursor({ ...cursor, s: counter.seq }), hasMore: false, reset: false };
    }
    return null;
  }

  private remember(write: Poke): void {
    if (write.first === null || write.seq === null) return;
    this.heardWrites.add(write.collegeId, { first: write.first, last: write.seq, reach: write.reach });
  }

  /**
   * Reads the college's counter. Listening began before the read: every commit the read
   * does not see is notified after it, unless listening stopped meanwhile (the epoch).
   */
  private refresh(collegeId: string): void {
    if (this.refreshing.has(collegeId)) return;
    this.refreshing.add(collegeId);
    const epoch = this.epoch;
    const startedAt = this.now();
    void this.db
      .select({ seq: syncState.seq })
      .from(syncState)
      .where(eq(syncState.collegeId, collegeId))
      .then(
        ([row]) => {
          if (!this.live || epoch !== this.epoch) return;
          const counter = this.counters.get(collegeId);
          this.counters.set(collegeId, { seq: Math.max(counter?.seq ?? 0, row?.seq ?? 0), confirmedAt: Math.max(counter?.confirmedAt ?? 0, startedAt) });
        },
        () => undefined,
      )
      .finally(() => this.refreshing.delete(collegeId));
  }

  private forgetSessions(): void {
    this.sessionsEpoch++;
    this.sessions.clear();
  }
}
