import { useSyncExternalStore } from 'react';

export interface ToastItem {
  id: number;
  text: string;
  tone: 'success' | 'error' | 'info';
}

/** Toasts last 2000 ms, as in the original app. */
export const toastDurationMs = 2000;

let items: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: readonly ToastItem[]): void {
  items = next;
  for (const listener of listeners) listener();
}

/** Shows a toast; pass already translated text. */
export function showToast(text: string, tone: ToastItem['tone'] = 'success'): void {
  set([...items, { id: nextId++, text, tone }]);
}

export function dismissToast(id: number): void {
  set(items.filter((item) => item.id !== id));
}

export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => items,
  );
}

/** Clears every toast (a new session starts without the last one's news). */
export function dismissAllToasts(): void {
  set([]);
}
