import { useSyncExternalStore } from 'react';
import type { College } from '../../contract/college';
import { ApiError } from '../api/errors';
import { clearCachedCollege, readCachedCollege, writeCachedCollege } from './collegeCache';
import { readEmbeddedCollege } from './embeddedCollege';
import { whenIdle } from '../ui/whenIdle';
import { fetchCollegeForHost } from './tenantApi';

export type TenantState =
  | { status: 'loading'; college: null }
  | { status: 'ready'; college: College }
  | { status: 'unknown'; college: null }
  | { status: 'unreachable'; college: null };

let state: TenantState = { status: 'loading', college: null };
const listeners = new Set<() => void>();

function set(next: TenantState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getTenant(): TenantState {
  return state;
}

export function subscribeTenant(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function refresh(): Promise<void> {
  try {
    const fresh = await fetchCollegeForHost(location.host);
    // The same record again changes nothing: a new object would redraw the whole app.
    if (state.status === 'ready' && JSON.stringify(fresh) === JSON.stringify(state.college)) return;
    writeCachedCollege(fresh);
    set({ status: 'ready', college: fresh });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      clearCachedCollege();
      set({ status: 'unknown', college: null });
      return;
    }
    // Offline or a server hiccup: a cached college keeps serving.
    if (state.status !== 'ready') set({ status: 'unreachable', college: null });
    throw error;
  }
}

/**
 * Uses the cached college at once and refreshes it in the background once the first screen
 * has settled (its check loads the contract, zod, which no screen of a daily visit needs
 * before that). Without a cache, the
 * record the server wrote into this page is used (a first visit: the page just came from
 * the server, so it is fresh, and it is cached for the next start); without either it waits
 * for the server. Resolves with the college to start with (null when there is none).
 */
export async function startTenant(): Promise<College | null> {
  const cached = readCachedCollege();
  if (cached) {
    set({ status: 'ready', college: cached });
    whenIdle(() => void refresh().catch(() => undefined), 3000);
    return cached;
  }
  const embedded = readEmbeddedCollege();
  if (embedded) {
    writeCachedCollege(embedded);
    set({ status: 'ready', college: embedded });
    return embedded;
  }
  try {
    await refresh();
  } catch {
    // The gate shows "unreachable" with a retry.
  }
  return state.college;
}

export function retryTenant(): void {
  set({ status: 'loading', college: null });
  refresh().catch(() => undefined);
}

export function useTenant(): TenantState {
  return useSyncExternalStore(subscribeTenant, getTenant);
}

/** The college of the page; only for screens rendered inside the tenant gate. */
export function useCollege(): College {
  const tenant = useTenant();
  if (tenant.status !== 'ready') throw new Error('useCollege outside the tenant gate');
  return tenant.college;
}

/**
 * The college's time zone (its calendar's), or the device's when the college is not known
 * yet or was cached before the record carried one.
 */
export function collegeTimeZone(college: Pick<College, 'time_zone'> | null | undefined): string {
  return college?.time_zone || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
