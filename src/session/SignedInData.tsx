import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, type ReactNode } from 'react';
import type { DataModule } from '../db/dataModule';
import { DbProvider, useDb } from '../db/DbProvider';
import { asSyncStatus, metaKeys } from '../db/syncMeta';
import { syncClient } from '../sync/syncClient';
import { useCollege } from '../tenant/tenantStore';
import { session, useSession } from './session';

/**
 * The signed-in app's data: the user's local database for the screens, and the sync worker
 * started for it (again on each start with a cached signed-in user, so an offline start
 * resumes the queue). A new token is handed to the worker, which resumes after a 401.
 */
export function SignedInData({ modules, children }: { modules: readonly DataModule[]; children: ReactNode }) {
  const { user, token } = useSession();
  const { slug } = useCollege();
  const userId = user?.id ?? null;

  useEffect(() => {
    if (!userId || !token) return;
    syncClient.start({ collegeSlug: slug, userId, token, origin: location.origin }).catch((error: unknown) => console.error('sync start failed', error));
  }, [slug, userId, token]);

  // Only reached before the user is known (a token without a cached user): brief.
  if (!userId) return null;
  return (
    <DbProvider collegeSlug={slug} userId={userId} modules={modules}>
      <PausedSyncRecheck />
      {children}
    </DbProvider>
  );
}

/**
 * The worker pauses on a 401. Whether the session is really dead is the session's call
 * (only "Unauthenticated." signs out, docs/sync.md rule 7), so ask it to re-check.
 */
function PausedSyncRecheck() {
  const db = useDb();
  const phase = useLiveQuery(async () => asSyncStatus((await db.meta.get(metaKeys.status))?.value).phase, [db]);
  const lastRetry = useRef(0);
  useEffect(() => {
    if (phase !== 'paused') return;
    session
      .recheck()
      .then((outcome) => {
        // The session is alive (the worker had an older token): hand it over, at most twice a minute.
        const { token } = session.getState();
        if (outcome !== 'confirmed' || !token || Date.now() - lastRetry.current < 30_000) return;
        lastRetry.current = Date.now();
        return syncClient.setToken(token);
      })
      .catch(() => undefined);
  }, [phase]);
  return null;
}
