import { Trans } from '@lingui/react/macro';
import { useLayoutEffect } from 'react';
import { dismissBootPreview } from '../startup/bootPreview';
import { Button } from '../ui/Button';
import { useOnline } from '../ui/useOnline';

/**
 * A screen whose code is not on this device, asked for offline (src/ui/lazyScreen.ts): said
 * plainly, with a way to try again once the device is back online (a reload: the shell comes
 * from the service worker, the screen's code from the network).
 */
export function ScreenNotOnDeviceView() {
  const online = useOnline();
  useLayoutEffect(dismissBootPreview, []);
  return (
    <div className="page">
      <div className="screen-state">
        <h1 className="screen-state-text">
          <Trans>This screen has not been opened on this device yet</Trans>
        </h1>
        <p>
          <Trans>It needs a connection the first time. Everything you have opened before still works offline.</Trans>
        </p>
        {online ? (
          <Button onClick={() => location.reload()}>
            <Trans>Try again</Trans>
          </Button>
        ) : (
          <p className="muted">
            <Trans>You are offline. Try again when you are connected.</Trans>
          </p>
        )}
      </div>
    </div>
  );
}
