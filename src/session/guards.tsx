import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { loginPathFor, redirectTarget } from './redirectTarget';
import { useSession } from './session';

/**
 * A signed-out visitor of a signed-in route goes to the login, and comes back after it. A
 * signed-in one gets the screen, inside the signed-in area its layout route chose
 * (src/app/SessionArea.tsx: the local database, the sync worker and the app bar).
 */
export function RequireSignedIn() {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  if (!isLoggedIn) {
    return <Navigate to={loginPathFor(location.pathname + location.search + location.hash)} replace />;
  }
  return <Outlet />;
}

/**
 * A signed-in user who opens the landing page or the login goes to the app — or, right
 * after signing in, back to the page that sent them to the login. This guard is the only
 * place that navigates after a sign-in, so there is no race between two redirects.
 */
export function RedirectSignedIn() {
  const { isLoggedIn } = useSession();
  const [params] = useSearchParams();
  if (isLoggedIn) return <Navigate to={redirectTarget(params.get('redirect'))} replace />;
  return <Outlet />;
}
