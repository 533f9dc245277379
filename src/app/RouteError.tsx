import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { ScreenNotOnDevice } from '../ui/lazyScreen';
import { ErrorView } from './ErrorView';
import { ScreenNotOnDeviceView } from './ScreenNotOnDeviceView';

/** A route that failed to load (its code, offline before it was on the device: said plainly) or to render. */
export function RouteError() {
  const error = useRouteError();
  const notOnDevice = error instanceof ScreenNotOnDevice;
  useEffect(() => {
    if (!notOnDevice) console.error('route failed', error);
  }, [error, notOnDevice]);
  if (!notOnDevice) return <ErrorView />;
  return (
    <main className="full-page">
      <ScreenNotOnDeviceView />
    </main>
  );
}

/**
 * A signed-in screen whose code is not on the device, shown inside the app (bar and
 * navigation stay, so the member can go to a screen that is). Any other failure goes on to
 * the app's error screen (RouteError).
 */
export function SignedInRouteError() {
  const error = useRouteError();
  if (!(error instanceof ScreenNotOnDevice)) throw error;
  return <ScreenNotOnDeviceView />;
}
