/**
 * What the service worker does with a push message and a click on its notification, as
 * plain functions over the few browser objects they need (tests/unit/push drive them with
 * stand-ins: a browser cannot script a click on a notification). The worker knows no
 * feature: the payload (contract/push.ts) says what to show and where a click goes.
 */
import type { PushPayload } from '../contract/push';
import { pushOpenMessageType, type PushOpenMessage } from '../contract/pushOpen';

/** The app's name and icon for this college (from its manifest), or Patio's. */
export interface Brand {
  name: string;
  icon: string;
}

export const defaultBrand: Brand = { name: 'Patio', icon: '/icons/patio-192.png' };
/** White on transparent: Android draws only its outline in the status bar. */
export const badgeIcon = '/icons/patio-badge-96.png';

/** `NotificationOptions` with the members TypeScript's DOM library no longer lists. */
export interface ShownOptions extends NotificationOptions {
  renotify?: boolean;
  timestamp?: number;
  vibrate?: number[];
}

export interface Shown {
  title: string;
  options: ShownOptions;
  /** The unread count for the app's icon, when the message carries one. */
  badge: number | null;
}

/** A long buzz pattern for emergencies (ignored where the device has no vibration). */
const emergencyVibration = [300, 100, 300, 100, 600];

/**
 * The notification for a message's data (already JSON-decoded, or null). A message that is
 * not the contract's shape still shows something: Chrome requires every push to show a
 * notification (`userVisibleOnly`), and counts silent ones against the site. It shows the
 * college's name and opens the app's home.
 */
export function notificationOf(data: unknown, brand: Brand): Shown {
  const payload = readPayload(data);
  if (!payload) {
    return { title: brand.name, options: { icon: brand.icon, badge: badgeIcon, data: { url: '/' } }, badge: null };
  }
  const timestamp = payload.timestamp === undefined ? Number.NaN : Date.parse(payload.timestamp);
  return {
    title: payload.title,
    options: {
      body: payload.body,
      tag: payload.tag,
      requireInteraction: payload.requireInteraction,
      // A repeated emergency (same tag) alerts again instead of replacing the first silently.
      renotify: payload.emergency,
      icon: brand.icon,
      badge: badgeIcon,
      data: { url: payload.url },
      ...(Number.isFinite(timestamp) ? { timestamp } : {}),
      ...(payload.emergency ? { vibrate: emergencyVibration } : {}),
    },
    badge: payload.badge ?? null,
  };
}

/**
 * The payload when `data` has the contract's shape (contract/push.ts `pushPayload`), else
 * null. Checked by hand: zod would make the worker four times larger, and the browser
 * downloads the worker again at every update check. tests/unit/push holds the two to the
 * same answers over generated values.
 */
export function readPayload(data: unknown): PushPayload | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const { title, body, url, tag, requireInteraction, emergency, badge, timestamp } = data as Record<string, unknown>;
  if (typeof title !== 'string' || title.length > 200) return null;
  if (typeof body !== 'string' || body.length > 1000) return null;
  if (typeof url !== 'string' || !url.startsWith('/')) return null;
  if (typeof tag !== 'string' || tag.length > 100) return null;
  if (typeof requireInteraction !== 'boolean' || typeof emergency !== 'boolean') return null;
  if (badge !== undefined && !(typeof badge === 'number' && Number.isSafeInteger(badge) && badge >= 0)) return null;
  if (timestamp !== undefined && typeof timestamp !== 'string') return null;
  return {
    title,
    body,
    url,
    tag,
    requireInteraction,
    emergency,
    ...(badge === undefined ? {} : { badge }),
    ...(timestamp === undefined ? {} : { timestamp }),
  };
}

/** Decodes a push message's data: JSON, or null when there is none or it is not JSON. */
export function decodePushData(data: { json(): unknown } | null): unknown {
  if (!data) return null;
  try {
    return data.json();
  } catch {
    return null;
  }
}

/**
 * Where a click on a notification goes: its `data.url` when that is a path of this app,
 * else the home. A payload's url starts with `/`, but `//host` and `/\host` also do and
 * lead off the site: the resolved origin decides.
 */
export function pathOfNotification(data: unknown, origin: string): string {
  const url = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
  if (typeof url !== 'string') return '/';
  try {
    const resolved = new URL(url, origin);
    return resolved.origin === origin ? `${resolved.pathname}${resolved.search}${resolved.hash}` : '/';
  } catch {
    return '/';
  }
}

/** The parts of a `WindowClient` and of `Clients` the click needs. */
export interface WindowLike {
  url: string;
  focused: boolean;
  visibilityState: string;
  focus(): Promise<unknown>;
  postMessage(message: PushOpenMessage): void;
}
export interface ClientsLike {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowLike[]>;
  openWindow(url: string): Promise<unknown>;
}

/**
 * Opens `path` after a click: in a window of the app that is already open (the focused one,
 * else a visible one, else the most recent), which navigates inside the app without
 * reloading it, or in a new window when none is open. Answers which it did.
 */
export async function openFromNotification(clients: ClientsLike, path: string, origin: string): Promise<'focused' | 'opened'> {
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })).filter((client) => sameOrigin(client.url, origin));
  const target = windows.find((client) => client.focused) ?? windows.find((client) => client.visibilityState === 'visible') ?? windows[0];
  if (!target) {
    await clients.openWindow(new URL(path, origin).href);
    return 'opened';
  }
  target.postMessage({ type: pushOpenMessageType, path });
  await target.focus();
  return 'focused';
}

/**
 * Whether the person is looking at what the message announces: a focused, visible window of
 * the app is on the page the notification would open (a chat open on screen, which the sync
 * stream already brought up to date). Such a message is not shown; Chrome allows a push
 * without a notification while the site is in the foreground. Emergency alerts always show.
 */
export async function alreadyOnScreen(clients: Pick<ClientsLike, 'matchAll'>, data: unknown, origin: string): Promise<boolean> {
  const payload = readPayload(data);
  if (!payload || payload.emergency) return false;
  const path = pathOfNotification(payload, origin);
  if (path === '/') return false;
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  return windows.some((client) => {
    if (!client.focused || client.visibilityState !== 'visible' || !sameOrigin(client.url, origin)) return false;
    const url = new URL(client.url);
    return `${url.pathname}${url.search}` === path;
  });
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}
