import { deleteSubscription, fetchPushKey, sendSubscription } from './pushApi';

/**
 * This device's Web Push subscription (one per browser and college: a subscription
 * belongs to the service worker of the page's origin). The app asks the browser's
 * permission only when the person turns alerts on (src/push/PushCard.tsx); everything
 * else here works with what the browser already has.
 */

/**
 * - `supported`: this browser can receive push messages here.
 * - `needs-install`: an iPhone or iPad outside the installed app: Safari offers Web Push
 *   only to web apps added to the Home Screen (iOS 16.4+).
 * - `unsupported`: no Push API (an old browser, some private modes).
 */
export type PushSupport = 'supported' | 'needs-install' | 'unsupported';

export function pushSupport(): PushSupport {
  if ('serviceWorker' in navigator && typeof window.PushManager === 'function' && typeof window.Notification === 'function') return 'supported';
  return isAppleMobile() && !isInstalledApp() ? 'needs-install' : 'unsupported';
}

function isAppleMobile(): boolean {
  // iPadOS presents itself as a Mac; only its touch screen tells it apart.
  return /iPhone|iPad|iPod/.test(navigator.userAgent) || (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
}

function isInstalledApp(): boolean {
  return window.matchMedia('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

export function notificationPermission(): NotificationPermission {
  return pushSupport() === 'supported' ? Notification.permission : 'default';
}

/** The page's service worker registration, when there is one (none in development, or before the first install). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** This browser's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  return (await registration())?.pushManager.getSubscription() ?? null;
}

/** The service worker is not installed yet (a first visit still downloading it): try again shortly. */
export class NoServiceWorkerError extends Error {
  override readonly name = 'NoServiceWorkerError';
}

/**
 * The active service worker, which subscribing needs. On a first visit it may still be
 * installing (its precache: many seconds on a weak network or a slow phone): that is
 * waited for (up to 3 minutes). Only a worker that is not even registered
 * after a while, or whose install failed, is the "try again shortly" error.
 */
async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  const current = await registration();
  if (current?.active) return current;
  return new Promise<ServiceWorkerRegistration>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fail = () => reject(new NoServiceWorkerError('no service worker'));
    // Not registered yet: the page registers its worker once loaded; a look every 10 s.
    // Installing: waited for, up to 3 minutes, unless its install fails.
    const watch = async (waited: number) => {
      const installing = (await registration())?.installing ?? null;
      if (!installing) {
        if (waited >= 10_000) fail();
        else timer = setTimeout(() => void watch(waited + 10_000), 10_000);
        return;
      }
      installing.addEventListener('statechange', () => {
        if (installing.state === 'redundant') fail();
      });
      timer = setTimeout(fail, 180_000);
    };
    void watch(0);
    void navigator.serviceWorker.ready.then((ready) => {
      clearTimeout(timer);
      resolve(ready);
    });
  });
}

export type TurnOnOutcome = 'on' | 'blocked' | 'dismissed';

/**
 * Turns alerts on for this device: asks the browser's permission (first, while the click
 * still counts as the person's gesture: Safari shows no prompt after an await), subscribes
 * with the installation's key and registers the subscription with the server.
 */
export async function turnOnPush(): Promise<TurnOnOutcome> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'dismissed';
  const [worker, key] = await Promise.all([readyRegistration(), fetchPushKey()]);
  await sendSubscription((await subscribeWith(worker, key)).toJSON());
  return 'on';
}

/**
 * Subscribes with `key`. A subscription made with another key (the installation's keys
 * were replaced) cannot be reused: the push service would refuse the server's messages.
 */
async function subscribeWith(worker: ServiceWorkerRegistration, key: string): Promise<PushSubscription> {
  const applicationServerKey = base64UrlBytes(key);
  const existing = await worker.pushManager.getSubscription();
  if (existing && !sameBytes(existing.options.applicationServerKey, applicationServerKey)) await existing.unsubscribe();
  else if (existing) return existing;
  return worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
}

/** Turns alerts off for this device: the server forgets it (needs the network), then the browser drops the subscription. */
export async function turnOffPush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await deleteSubscription(subscription.endpoint);
  await subscription.unsubscribe();
}

/**
 * Registers this device's subscription again, when it has one and alerts are allowed:
 * after a sign-in (the server moves the browser to whoever signed in), at each start (the
 * push service may have replaced it while the app was closed) and after a password change
 * (which forgets the member's browsers). Quietly does nothing otherwise.
 */
export async function renewPushSubscription(): Promise<void> {
  if (notificationPermission() !== 'granted') return;
  const worker = await registration();
  if (!(await worker?.pushManager.getSubscription())) return;
  await sendSubscription((await subscribeWith(worker!, await fetchPushKey())).toJSON());
}

/**
 * At sign-out: the next person on this browser must not receive this member's alerts.
 * The server forgets it while the token still works (a few seconds at most: offline, the
 * sign-out does not wait), and the browser drops the subscription, so the push service
 * answers 410 for it and the server deletes what it could not be told.
 */
export async function forgetThisDevice(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  const forget = async () => {
    await deleteSubscription(subscription.endpoint).catch(() => undefined);
    await subscription.unsubscribe();
  };
  // Either may hang on a weak network; what is left finishes in the background.
  await Promise.race([forget(), new Promise<void>((resolve) => setTimeout(resolve, 5000))]);
}

function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function sameBytes(buffer: ArrayBuffer | null, bytes: Uint8Array): boolean {
  if (!buffer) return false;
  const other = new Uint8Array(buffer);
  return other.length === bytes.length && other.every((byte, index) => byte === bytes[index]);
}
