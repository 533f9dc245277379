import { Trans } from '@lingui/react/macro';
import { useLayoutEffect } from 'react';
import { dismissBootPreview } from '../startup/bootPreview';
import { Button } from '../ui/Button';
import { AlertIcon } from '../ui/icons';

export function ErrorView() {
  // Never hidden behind the last News list painted at start-up.
  useLayoutEffect(dismissBootPreview, []);
  return (
    <main className="full-page">
      <div className="full-page-card">
        <span className="full-page-icon">
          <AlertIcon width={32} height={32} />
        </span>
        <h1>
          <Trans>Something went wrong</Trans>
        </h1>
        <p>
          <Trans>This screen could not be shown. Reload the app to try again.</Trans>
        </p>
        <Button onClick={() => location.reload()}>
          <Trans>Reload</Trans>
        </Button>
      </div>
    </main>
  );
}
