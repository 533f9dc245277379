import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { reportStartupFailure } from '../startup/reportStartupFailure';
import { Button } from '../ui/Button';
import { useOfflineStart } from './useOfflineStart';

/**
 * The service worker's two moments: first install ("ready to work offline") and a waiting
 * new version. Reload posts SKIP_WAITING to the waiting worker and reloads once it controls.
 * "Ready to work offline" waits until the worker has also kept this device's language and
 * college images (src/app/useOfflineStart.ts): the precache alone would start in no language.
 *
 * Every open tab shows the prompt; Reload in one of them takes them all: when a new worker
 * takes over from the one that served this tab, the tab loads again, so no tab goes on with
 * the old release's code beside the new worker (what each wrote is in the outbox, which
 * outlives the reload).
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError(error: unknown) {
      reportStartupFailure('service worker', error);
    },
  });
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    // The first install takes a tab no worker served yet: nothing to load again then.
    let served = navigator.serviceWorker.controller !== null;
    const followNewWorker = () => {
      if (served) window.location.reload();
      served = true;
    };
    navigator.serviceWorker.addEventListener('controllerchange', followNewWorker);
    return () => navigator.serviceWorker.removeEventListener('controllerchange', followNewWorker);
  }, []);
  const ready = useOfflineStart(offlineReady);
  if (!needRefresh && !ready) return null;
  const close = (): void => {
    setNeedRefresh(false);
    setOfflineReady(false);
  };
  return (
    <div className="update-prompt" role="alert">
      <p className="update-prompt-text">{needRefresh ? <Trans>New version available</Trans> : <Trans>App ready to work offline</Trans>}</p>
      <div className="update-prompt-actions">
        {needRefresh ? (
          <Button onClick={() => void updateServiceWorker(true)}>
            <Trans>Reload</Trans>
          </Button>
        ) : null}
        <Button variant="ghost" onClick={close}>
          <Trans>Close</Trans>
        </Button>
      </div>
    </div>
  );
}
