import { liveQuery } from '../db/lifecycle';
import type { MutationError } from '../../contract/sync';
import type { PatioDb } from '../db/database';

/** What the server made of one queued change. */
export type MutationOutcome = { state: 'applied' } | { state: 'refused'; error: MutationError | undefined };

/**
 * Follows one outbox entry (by its `seq`, which a fix-and-resend keeps) until the server
 * answers it: the entry leaves the outbox when applied, and waits in 'attention' when
 * refused (push.ts). Feature-agnostic: any `mutate` or `resend` can be followed. The
 * promise stays pending while the change waits (offline) and when the database closes
 * (sign-out): nothing is left to tell then. A discarded entry also leaves the outbox; the
 * person discarded it on purpose, on the outbox screen, so it reads as settled.
 */
export function whenAnswered(db: PatioDb, seq: number): Promise<MutationOutcome> {
  return new Promise((resolve) => {
    let done = false;
    const subscription = liveQuery(() => db.outbox.get(seq)).subscribe({
      next(entry) {
        if (done) return;
        if (entry && entry.status !== 'attention') return;
        done = true;
        resolve(entry ? { state: 'refused', error: entry.error } : { state: 'applied' });
        // `subscription` is not assigned yet when the first answer comes synchronously.
        queueMicrotask(() => subscription.unsubscribe());
      },
      error() {
        done = true;
        queueMicrotask(() => subscription.unsubscribe());
      },
    });
  });
}
