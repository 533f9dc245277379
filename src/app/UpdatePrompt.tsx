import { Trans } from '@lingui/react/macro';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { reportStartupFailure } from '../startup/reportStartupFailure';
import { Button } from '../ui/Button';
import { useOfflineStart } from './useOfflineStart';

/**
 * The service worker's two moments: first install ("ready to work offline") and a waiting
 * new version. Reload posts SKIP_WAITING to the waiting worker and reloads once it controls.
 * "Ready to work offline" waits until the worker has also kept this device's language and
 * college images (src/app/useOfflineStart.ts): the precache alone would start in no language.
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
