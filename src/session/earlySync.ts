import { getTenant } from '../tenant/tenantStore';
import { isLoggedIn } from './createSession';
import { session } from './session';

/** The worker already asked to sync this college, user and token. */
let startedFor = '';

/**
 * Starts the sync worker as soon as the college and a signed-in user are known: at app
 * start with a cached session, and at sign-in. Without this the worker only started once
 * the signed-in screens' code had arrived and rendered (src/session/SignedInData.tsx), so
 * on a slow phone or a busy machine the first pull waited for the whole page start (3 s of
 * a 6× slower CPU, bench/RESULTS.md "First news screen"). The worker runs on its own
 * thread: its start, the database creation and the first pull now overlap the page's.
 * SignedInData still starts it with the same options, which the worker treats as a no-op.
 */
export function startSyncEarly(): void {
  const { user, token } = session.getState();
  const tenant = getTenant();
  if (!isLoggedIn({ user, token }) || !user || !token || tenant.status !== 'ready') {
    startedFor = '';
    return;
  }
  const key = `${tenant.college.slug}\u0000${user.id}\u0000${token}`;
  if (key === startedFor) return;
  startedFor = key;
  const options = { collegeSlug: tenant.college.slug, userId: user.id, token, origin: location.origin };
  // Loaded on demand: the worker client is not part of the public pages' first download.
  import('../sync/syncClient').then(({ syncClient }) => syncClient.start(options)).catch((error: unknown) => console.error('sync start failed', error));
}
