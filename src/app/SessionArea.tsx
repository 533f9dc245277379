import { lazy, Suspense, type ComponentType } from 'react';
import { isLoggedIn } from '../session/createSession';
import { session, useSession } from '../session/session';
import { retryOnce } from '../ui/lazyScreen';
import { PublicLayout } from './PublicLayout';
import { StartingUp } from '../ui/StartingUp';

/*
 * The signed-in area (local database, sync worker, app bar) is its own chunk, so public
 * pages never download Dexie or the worker client. The route's loader fetches it before a
 * signed-in screen renders; the component is then at hand without a spinner in between.
 */
let loadedArea: ComponentType | null = null;
let loading: Promise<ComponentType> | null = null;

function loadSignedInArea(): Promise<ComponentType> {
  loading ??= retryOnce(() => import('./SignedInArea'))().then(
    (module) => (loadedArea = module.SignedInArea),
    (error: unknown) => {
      // A download that failed twice (offline before it was cached) is tried again on the next visit.
      loading = null;
      throw error;
    },
  );
  return loading;
}

const LazySignedInArea = lazy(() => loadSignedInArea().then((Area) => ({ default: Area })));

export async function sessionAreaLoader(): Promise<null> {
  if (isLoggedIn(session.getState())) await loadSignedInArea();
  return null;
}

/**
 * The frame of the routes that depend on who is there: the signed-in screens and the
 * page-not-found. Signed in, they get the app bar and navigation; signed out, the public
 * layout (where the signed-in screens' guard sends the visitor to the login).
 */
export function SessionArea() {
  const { isLoggedIn: signedIn } = useSession();
  if (!signedIn) return <PublicLayout />;
  if (loadedArea) {
    const Area = loadedArea;
    return <Area />;
  }
  // Signed in without a navigation (in another tab): the loader has not run.
  return (
    <Suspense fallback={<StartingUp />}>
      <LazySignedInArea />
    </Suspense>
  );
}
