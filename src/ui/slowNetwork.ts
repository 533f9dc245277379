import { useSyncExternalStore } from 'react';

/**
 * What the browser says of the network's speed (Network Information API, Chromium): the
 * kept documents and the kept news wait on Save-Data or a 2G connection unless the member
 * said otherwise.
 */
interface NetworkInformation extends EventTarget {
  saveData?: boolean;
  effectiveType?: string;
}

export function networkInformation(): NetworkInformation | undefined {
  return (globalThis.navigator as { connection?: NetworkInformation } | undefined)?.connection;
}

/** Save-Data is on, or the connection is 2G-like. */
export function isSlowNetwork(): boolean {
  const connection = networkInformation();
  return connection?.saveData === true || connection?.effectiveType === '2g' || connection?.effectiveType === 'slow-2g';
}

function subscribeNetwork(listener: () => void): () => void {
  const connection = networkInformation();
  connection?.addEventListener('change', listener);
  return () => connection?.removeEventListener('change', listener);
}

/** Whether the browser reports Save-Data or a 2G connection, kept up to date. */
export function useSlowNetwork(): boolean {
  return useSyncExternalStore(subscribeNetwork, isSlowNetwork);
}
