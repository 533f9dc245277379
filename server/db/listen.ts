import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './client';

export interface Listening {
  stop: () => Promise<void>;
}

export interface ListenOptions {
  channel: string;
  onPayload: (payload: string) => void;
  /** The connection was lost: until `onResumed`, notifications are missed. */
  onLost?: () => void;
  /** After the connection was lost and came back: notifications may have been missed. */
  onResumed: () => void;
  onError: (error: unknown) => void;
}

/**
 * LISTEN on the database behind `db`: on PostgreSQL one dedicated connection (outside the
 * pool, reconnecting with backoff), so every API process hears every other's `pg_notify`;
 * on PGlite its own `listen()`. Resolves once listening.
 */
export async function listen(db: Database, options: ListenOptions): Promise<Listening> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) {
    const unlisten = await client.listen(options.channel, options.onPayload);
    return { stop: () => unlisten() };
  }
  if (client instanceof pg.Pool) return listenPostgres(client.options, options);
  throw new Error('listen: unknown database driver');
}

async function listenPostgres(config: pg.PoolConfig, options: ListenOptions): Promise<Listening> {
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = 500;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ ...config, keepAlive: true });
    client.on('notification', (message) => {
      if (message.channel === options.channel) options.onPayload(message.payload ?? '');
    });
    const lost = (error?: unknown) => {
      if (current !== client) return;
      current = null;
      client.removeAllListeners('end');
      void client.end().catch(() => undefined);
      if (stopped) return;
      options.onLost?.();
      if (error) options.onError(error);
      scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(options.channel)}`);
    current = client;
    delay = 500;
  };

  const scheduleReconnect = () => {
    retry = setTimeout(() => {
      retry = null;
      connect().then(options.onResumed, (error: unknown) => {
        options.onError(error);
        if (!stopped) scheduleReconnect();
      });
    }, delay);
    delay = Math.min(delay * 2, 30_000);
  };

  await connect();
  return {
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const client = current;
      current = null;
      await client?.end().catch(() => undefined);
    },
  };
}
