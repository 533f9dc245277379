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
 * (sign-out): nothing is left to tell then. Only refused entries can be discarded (the
 * outbox and post screens offer Discard for those alone), and by then the refusal has been
 * told, so an entry that leaves the outbox while followed was applied.
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
