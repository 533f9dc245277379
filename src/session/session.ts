import { useSyncExternalStore } from 'react';
import { createSession, isLoggedIn, type SessionState } from './createSession';
import { fetchCurrentUser, fetchSessionCollegeName, revokeToken } from './sessionApi';
import { clearToken, readToken, writeToken } from './tokenStorage';
import { clearNewsPreview } from '../startup/newsPreview';
import { clearCachedUser, readCachedUser, writeCachedUser } from './userCache';

/** The app's one session, wired to the browser's storage and the API. */
export const session = createSession({
  readToken,
  writeToken,
  clearToken,
  readUser: readCachedUser,
  writeUser: writeCachedUser,
  // Every sign-out, forced or chosen: the next person at a shared computer must not see
  // this user's news painted by boot.js (src/startup/newsPreview.ts).
  clearUser: () => {
    clearCachedUser();
    clearNewsPreview();
  },
  fetchUser: fetchCurrentUser,
  fetchSessionCollegeName,
  revokeToken,
  // Loaded on demand: the local database and the worker are not part of the first download.
  onSignedOut: (user, how) => {
    import('./localData')
      .then(({ forgetLocalData }) => forgetLocalData(user, how))
      .catch((error: unknown) => console.error('could not forget local data', error));
  },
});

export function useSession(): SessionState & { isLoggedIn: boolean } {
  const state = useSyncExternalStore(session.subscribe, session.getState);
  return { ...state, isLoggedIn: isLoggedIn(state) };
}
