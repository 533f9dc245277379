import { Trans } from '@lingui/react/macro';
import { useLayoutEffect, type ReactNode } from 'react';
import { dismissBootPreview } from '../startup/bootPreview';
import { Button } from '../ui/Button';
import { StartingUp } from '../ui/StartingUp';
import { retryTenant, useTenant } from './tenantStore';

/** Renders the app only once the page's college is known; otherwise says why not. */
export function TenantGate({ children }: { children: ReactNode }) {
  const tenant = useTenant();
  const failed = tenant.status !== 'ready' && tenant.status !== 'loading';
  // Why the app cannot open is never hidden behind the News list painted at start-up.
  useLayoutEffect(() => {
    if (failed) dismissBootPreview();
  }, [failed]);
  if (tenant.status === 'ready') return children;
  if (tenant.status === 'loading') {
    return <StartingUp />;
  }
  return (
    <main className="full-page">
      <div className="full-page-card">
        {tenant.status === 'unknown' ? (
          <>
            <h1>
              <Trans>No school at this address</Trans>
            </h1>
            <p>
              <Trans>This address is not registered to any school. Check the link you were given, or ask your school for its Patio address.</Trans>
            </p>
          </>
        ) : (
          <>
            <h1>
              <Trans>Can't reach your school</Trans>
            </h1>
            <p>
              <Trans>The app needs to connect once to load your school. Check your connection and try again.</Trans>
            </p>
            <Button onClick={retryTenant}>
              <Trans>Try again</Trans>
            </Button>
          </>
        )}
      </div>
    </main>
  );
}
