import { useEffect, useRef, useState } from 'react';
import { loadKeptAfterStart } from '../modules/uiModule';
import { keepOfflineStart } from '../pwa/offlineStart';
import { uiModules } from '../registry/uiModules';
import { useSession } from '../session/session';
import { readLocal, writeLocal } from '../storage/localValue';
import { whenIdle } from '../ui/whenIdle';

/**
 * What this version of the app last kept after its first start (docs/offline-start.md): the
 * entry chunk's address, which changes with each build that changes the shell. Read by the
 * stories of an installed app before they go offline (tests/e2e/fixtures.ts).
 */
export const keptAfterStartKey = 'offlineKeptAfterStart';
const thisVersion = import.meta.url;

function keepFormsWhenIdle(): () => void {
  return whenIdle(() => {
    loadKeptAfterStart(uiModules)
      .then(() => writeLocal(keptAfterStartKey, thisVersion))
      .catch((error: unknown) => console.error('could not keep the forms for offline use', error));
  }, 5000);
}

/**
 * After the service worker's first install (`offlineReady`): this device's language and
 * college images are kept first (the answer is "ready to work offline"), then, once someone
 * is signed in and the app is idle, the forms and the editor (`keptAfterStart` of the
 * features). A start under a worker already in control keeps them if this version has not
 * yet (the first start closed early, or nobody signed in then).
 */
export function useOfflineStart(offlineReady: boolean): boolean {
  const { isLoggedIn: signedIn } = useSession();
  const [kept, setKept] = useState(false);
  const [controlled, setControlled] = useState(() => typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller));
  useEffect(() => {
    // A worker installed by an earlier page of this visit takes control of this one later.
    const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!container || controlled) return;
    const taken = () => setControlled(Boolean(container.controller));
    container.addEventListener('controllerchange', taken);
    return () => container.removeEventListener('controllerchange', taken);
  }, [controlled]);
  const asked = useRef(false);
  useEffect(() => {
    if (!offlineReady || asked.current) return;
    asked.current = true;
    void keepOfflineStart().then(() => setKept(true));
  }, [offlineReady]);
  useEffect(() => {
    if (!signedIn || !(kept || controlled) || readLocal(keptAfterStartKey) === thisVersion) return;
    return keepFormsWhenIdle();
  }, [signedIn, kept, controlled]);
  return offlineReady && kept;
}
