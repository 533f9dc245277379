import { useLocation, useNavigation, useSearchParams } from 'react-router-dom';

/**
 * The address's search parameters as the person last asked for them: while the router is
 * still moving to new ones on this same screen (it runs the routes' loaders first, and
 * renders the change as a transition), those. A checkbox or a select that writes its value
 * to the address reads it from here, so it shows the person's choice at once instead of
 * springing back until the address has changed.
 */
export function useAskedSearchParams(): URLSearchParams {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const { location: next } = useNavigation();
  return next && next.pathname === pathname ? new URLSearchParams(next.search) : params;
}
