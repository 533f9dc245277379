import { getTenant } from '../tenant/tenantStore';
import { offlineStartMessage, type OfflineStartRequest } from './offlineStartMessage';

/**
 * Right after the service worker's first install: tells it what this device needs offline
 * beyond the precache (docs/offline-start.md), and resolves once it has kept them. That is the
 * build's files this page loaded before the worker was in control (its language's catalog,
 * the first screens' chunks: later ones pass through the worker and are kept then) and this
 * college's images. Resolves false when there is no worker or it has not answered in time.
 */
export async function keepOfflineStart(timeoutMs = 60_000): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (!worker) return false;
  const request: OfflineStartRequest = { type: offlineStartMessage, urls: [...loadedBuildFiles(), ...collegeImages()] };
  return new Promise<boolean>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), timeoutMs);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(true);
    };
    worker.postMessage(request, [channel.port2]);
  });
}

/** The same-origin build files and college images this page has loaded (Resource Timing). */
function loadedBuildFiles(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(`${location.origin}/assets/`) || name.startsWith(`${location.origin}/colleges/`));
}

/** This college's logo, hero and touch icon (its manifest's icons the worker reads itself). */
function collegeImages(): string[] {
  const tenant = getTenant();
  if (tenant.status !== 'ready') return [];
  const { college } = tenant;
  return [college.logo, college.image, college.image_menu, college.image_splash, `/colleges/${college.slug}/apple-touch-icon.png`];
}
