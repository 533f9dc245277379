import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { session } from '../session/session';
import { useCollege } from '../tenant/tenantStore';
import { whenIdle } from '../ui/whenIdle';

/**
 * On every navigation the current user is fetched again, as the original app did (docs/features/auth.md). Runs in the
 * background once the screen has settled: the screen never waits for it, so an offline
 * start shows at once.
 */
export function useSessionRecheck(): void {
  const { key } = useLocation();
  const navigate = useNavigate();
  const { name } = useCollege();
  useEffect(() => {
    let cancelled = false;
    // After the screen has settled (or 2 s at most): its first paint and first taps come first.
    const cancelWait = whenIdle(() => {
      session
        .recheck(name)
        .then((outcome) => {
          if (outcome === 'signed-out' && !cancelled) void navigate('/auth/login', { replace: true });
        })
        .catch((error: unknown) => console.error('session recheck failed', error));
    }, 2000);
    return () => {
      cancelled = true;
      cancelWait();
    };
  }, [key, name, navigate]);
}
