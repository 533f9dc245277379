import { useSyncExternalStore } from 'react';
import { createSession, isLoggedIn, type SessionState } from './createSession';
import { fetchCurrentUser, fetchSessionCollegeName, revokeToken } from './sessionApi';
import { clearToken, readToken, writeToken } from '../storage/tokenStorage';
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
  // This browser stops receiving the member's alerts first, while the token still works
  // (src/push/pushSubscription.ts; bounded, so an offline sign-out does not wait).
  revokeToken: async () => {
    await pushDevice()
      .then(({ forgetThisDevice }) => forgetThisDevice())
      .catch((error: unknown) => console.error('could not forget the push subscription', error));
    await revokeToken();
  },
  // Loaded on demand: the local database and the worker are not part of the first download.
  onSignedOut: (user, how) => {
    import('./localData')
      .then(({ forgetLocalData }) => forgetLocalData(user, how))
      .catch((error: unknown) => console.error('could not forget local data', error));
    // Signed out by the server (the token is dead): the server cannot be told, but the
    // browser drops its subscription, and the push service's 410 removes the server's row.
    if (how === 'forced') {
      pushDevice()
        .then(({ forgetThisDevice }) => forgetThisDevice())
        .catch((error: unknown) => console.error('could not forget the push subscription', error));
    }
  },
  // The same browser may have been someone else's: the server moves it to this member.
  // The server also learns the language they use the app in, for their emails (best effort).
  onSignedIn: () => {
    pushDevice()
      .then(({ renewPushSubscription }) => renewPushSubscription())
      .catch((error: unknown) => console.error('could not register the push subscription', error));
    import('../i18n/memberLanguage').then(({ reportMemberLanguage }) => reportMemberLanguage()).catch(() => undefined);
  },
});

/** Web Push on this device, loaded on demand (not part of the first download). */
const pushDevice = () => import('../push/pushSubscription');

export function useSession(): SessionState & { isLoggedIn: boolean } {
  const state = useSyncExternalStore(session.subscribe, session.getState);
  return { ...state, isLoggedIn: isLoggedIn(state) };
}
