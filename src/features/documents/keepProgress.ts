import { useSyncExternalStore } from 'react';

/**
 * What this tab is downloading to keep, and whether the device was found full: shown by
 * the keep buttons and the library while it happens (nothing here is stored; another tab
 * shows its own). Progress is published per whole percent, so a 50 MB file redraws its bar
 * a hundred times, not once per network packet.
 */
export interface KeepProgress {
  received: number;
  total: number;
}

let downloads = new Map<string, KeepProgress>();
let deviceFull = false;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const percentOf = ({ received, total }: KeepProgress): number => (total > 0 ? Math.floor((received * 100) / total) : 100);

export function reportProgress(id: string, received: number, total: number): void {
  const before = downloads.get(id);
  const next = { received, total };
  if (before && percentOf(before) === percentOf(next)) return;
  downloads = new Map(downloads).set(id, next);
  changed();
}

export function finishProgress(id: string): void {
  if (!downloads.has(id)) return;
  downloads = new Map(downloads);
  downloads.delete(id);
  changed();
}

/** The device said it is full: kept categories wait until something is removed (or "Try again"). */
export function setDeviceFull(full: boolean): void {
  if (deviceFull === full) return;
  deviceFull = full;
  changed();
}

export const isDeviceFull = (): boolean => deviceFull;

/** A document's download in this tab, or null when none is running. */
export function useKeepProgress(id: string): KeepProgress | null {
  return useSyncExternalStore(subscribe, () => downloads.get(id) ?? null);
}

/** Whether the last download found the device full (cleared by a removal or a retry). */
export function useDeviceFull(): boolean {
  return useSyncExternalStore(subscribe, isDeviceFull);
}
