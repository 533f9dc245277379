import { useEffect } from 'react';
import type { SyncPhase } from '../db/syncMeta';

/**
 * When the server no longer serves this app's sync protocol (phase `updating`, docs/sync.md
 * "Versions"), asks the service worker registration to look for the new version now instead
 * of at its next check. Once the new worker waits, the update prompt (src/app/UpdatePrompt.tsx)
 * offers the reload that applies it.
 */
export function useUpdateForProtocol(phase: SyncPhase): void {
  useEffect(() => {
    if (phase !== 'updating' || !('serviceWorker' in navigator)) return;
    navigator.serviceWorker
      .getRegistration()
      .then((registration) => registration?.update())
      .catch(() => undefined);
  }, [phase]);
}
