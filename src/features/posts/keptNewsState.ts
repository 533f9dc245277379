import { useSyncExternalStore } from 'react';

/**
 * What this tab's keeping of news is doing (keptNews.ts), for the category's keep control:
 * nothing here is stored; another tab shows its own.
 */
export interface KeptNewsActivity {
  /** A pass is downloading files. */
  downloading: boolean;
  /** The last download found the device full: passes only remove until something is freed. */
  deviceFull: boolean;
  /** Files left for a faster network (Save-Data, 2G) by the last pass. */
  waiting: number;
}

let activity: KeptNewsActivity = { downloading: false, deviceFull: false, waiting: 0 };
const listeners = new Set<() => void>();

export function setKeptNewsActivity(change: Partial<KeptNewsActivity>): void {
  const next = { ...activity, ...change };
  if (next.downloading === activity.downloading && next.deviceFull === activity.deviceFull && next.waiting === activity.waiting) return;
  activity = next;
  for (const listener of listeners) listener();
}

export const keptNewsActivity = (): KeptNewsActivity => activity;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useKeptNewsActivity(): KeptNewsActivity {
  return useSyncExternalStore(subscribe, keptNewsActivity);
}
