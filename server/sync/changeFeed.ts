import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { listen, type Listening } from '../db/listen';
import { syncChannel } from './writeInCollege';

type Listener = () => void;

/**
 * This process's ear on the database: one LISTEN on `patio_sync` (started by the first
 * subscriber), fanned out to the subscribers of the college named in each notification.
 * Writes of any API process on the same database reach every process's subscribers.
 */
export class ChangeFeed {
  private readonly listeners = new Map<string, Set<Listener>>();
  private listening: Promise<Listening> | null = null;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Calls `onChange` after each committed change of the college; resolves once listening. */
  async subscribe(collegeId: string, onChange: Listener): Promise<() => void> {
    await this.start();
    const set = this.listeners.get(collegeId) ?? new Set();
    this.listeners.set(collegeId, set);
    set.add(onChange);
    return () => {
      set.delete(onChange);
      if (set.size === 0) this.listeners.delete(collegeId);
    };
  }

  async close(): Promise<void> {
    const listening = this.listening;
    this.listening = null;
    this.listeners.clear();
    if (listening) await (await listening.catch(() => null))?.stop();
  }

  private start(): Promise<Listening> {
    this.listening ??= listen(this.db, {
      channel: syncChannel,
      onPayload: (collegeId) => this.emit(this.listeners.get(collegeId)),
      onResumed: () => {
        this.log.info('sync change feed: listening again');
        for (const set of this.listeners.values()) this.emit(set);
      },
      onError: (error) => this.log.warn({ err: error }, 'sync change feed: connection lost'),
    }).catch((error: unknown) => {
      this.listening = null;
      throw error;
    });
    return this.listening;
  }

  private emit(set: Set<Listener> | undefined): void {
    for (const listener of set ?? []) {
      try {
        listener();
      } catch (error) {
        this.log.warn({ err: error }, 'sync change feed: listener failed');
      }
    }
  }
}
