import { expose } from 'comlink';
import { describe, expect, it } from 'vitest';
import { createSyncClient } from '../../../src/sync/syncClient';
import { workerReadyMessage, type SyncStartOptions, type SyncWorkerApi } from '../../../src/sync/workerApi';

/** A worker on a MessageChannel: the real comlink protocol, and a log of its calls. */
function fakeWorkers() {
  const made: { calls: string[] }[] = [];
  const factory = () => {
    const calls: string[] = [];
    made.push({ calls });
    const { port1, port2 } = new MessageChannel();
    const api: SyncWorkerApi = {
      start: (options: SyncStartOptions) => Promise.resolve(void calls.push(`start ${options.userId}`)),
      setToken: () => Promise.resolve(void calls.push('setToken')),
      syncNow: (reason) => Promise.resolve(void calls.push(`syncNow ${reason}`)),
      stop: () => Promise.resolve(void calls.push('stop')),
    };
    expose(api, port2);
    port1.start();
    port2.postMessage(workerReadyMessage);
    return port1 as unknown as Worker;
  };
  return { made, factory };
}

const options: SyncStartOptions = { collegeSlug: 'colinas', userId: 'u1', token: 't', origin: 'http://localhost' };

describe('the sync client', () => {
  it('warm() creates the worker on the sign-in screen without syncing; the sign-in then starts that same worker', async () => {
    const { made, factory } = fakeWorkers();
    const client = createSyncClient(factory);
    client.warm();
    client.warm();
    expect(made).toHaveLength(1);
    // Not started: nothing to sync yet.
    await client.syncNow('focus');
    await client.start(options);
    expect(made).toHaveLength(1);
    expect(made[0]!.calls).toEqual(['start u1']);
  });

  it('without warm(), the worker is created by start', async () => {
    const { made, factory } = fakeWorkers();
    const client = createSyncClient(factory);
    await client.syncNow('focus');
    expect(made).toHaveLength(0);
    await client.start(options);
    expect(made[0]!.calls).toEqual(['start u1']);
  });
});
