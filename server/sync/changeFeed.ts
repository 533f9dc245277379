import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { listen, type Listening } from '../db/listen';
import { parsePokePayload, syncChannel, type Poke, type SessionsChanged } from './writeInCollege';

type Listener = () => void;

/** Who else hears the feed (server/sync/quietPolls.ts): what it says, and whether it hears. */
export interface FeedWatcher {
  /** Listening (from the start, or again): every notification from now on arrives. */
  listening: () => void;
  /** Not listening (lost, or closed): notifications are being missed. */
  deaf: () => void;
  /** A notification, before it pokes any subscriber. */
  heard: (notice: Poke | SessionsChanged) => void;
}

interface Subscriber {
  keys: ReadonlySet<string>;
  onChange: Listener;
  /** The member whose device listens, told when their tokens, role, status or sections change. */
  member?: { userId: string; onSessionChanged: Listener };
}

/**
 * This process's ear on the database: one LISTEN on `patio_sync` (started by the first
 * subscriber), fanned out to the subscribers of the college named in each notification
 * whose audience keys meet the notification's (a post for 4°A pokes the devices of 4°A,
 * staff and its author, not the whole college). Writes of any API process on the same
 * database reach every process's subscribers.
 */
export class ChangeFeed {
  private readonly listeners = new Map<string, Set<Subscriber>>();
  private listening: Promise<Listening> | null = null;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly watcher?: FeedWatcher,
  ) {}

  /**
   * Calls `onChange` after each committed change of the college that concerns `keys` (the
   * member's audience keys); resolves once listening.
   */
  async subscribe(collegeId: string, keys: ReadonlySet<string>, onChange: Listener, member?: Subscriber['member']): Promise<() => void> {
    await this.listen();
    const set = this.listeners.get(collegeId) ?? new Set();
    this.listeners.set(collegeId, set);
    const subscriber: Subscriber = { keys, onChange, ...(member && { member }) };
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0) this.listeners.delete(collegeId);
    };
  }

  async close(): Promise<void> {
    const listening = this.listening;
    this.listening = null;
    this.listeners.clear();
    this.watcher?.deaf();
    if (listening) await (await listening.catch(() => null))?.stop();
  }

  /** Starts listening (once); resolves when listening. */
  listen(): Promise<Listening> {
    this.listening ??= listen(this.db, {
      channel: syncChannel,
      onPayload: (payload) => {
        const notice = parsePokePayload(payload);
        if (!notice) return;
        // The watcher first: a device poked by this notification may pull at once.
        this.watcher?.heard(notice);
        if (notice.kind === 'change') this.emit(this.listeners.get(notice.collegeId), notice.keys);
        else this.sessionChanged(this.listeners.get(notice.collegeId), notice.userId);
      },
      onLost: () => this.watcher?.deaf(),
      onResumed: () => {
        this.log.info('sync change feed: listening again');
        this.watcher?.deaf();
        this.watcher?.listening();
        for (const set of this.listeners.values()) this.emit(set, null);
      },
      onError: (error) => this.log.warn({ err: error }, 'sync change feed: connection lost'),
    }).then(
      (listening) => {
        if (this.listening) this.watcher?.listening();
        return listening;
      },
      (error: unknown) => {
        this.listening = null;
        throw error;
      },
    );
    return this.listening;
  }

  /** A member's session changed (a revoked token, a new role, status or sections). */
  private sessionChanged(set: Set<Subscriber> | undefined, userId: string): void {
    for (const subscriber of [...(set ?? [])]) {
      if (subscriber.member?.userId !== userId) continue;
      try {
        subscriber.member.onSessionChanged();
      } catch (error) {
        this.log.warn({ err: error }, 'sync change feed: listener failed');
      }
    }
  }

  private emit(set: Set<Subscriber> | undefined, keys: readonly string[] | null): void {
    for (const subscriber of set ?? []) {
      if (keys && !keys.some((key) => subscriber.keys.has(key))) continue;
      try {
        subscriber.onChange();
      } catch (error) {
        this.log.warn({ err: error }, 'sync change feed: listener failed');
      }
    }
  }
}
