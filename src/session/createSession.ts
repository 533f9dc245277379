import type { User } from '../../contract/auth';
import { isUnauthenticated } from '../api/errors';

export interface SessionState {
  token: string | null;
  user: User | null;
}

/** The outside world of a session: where it keeps things and how it asks the server. */
export interface SessionDeps {
  readToken: () => string | null;
  writeToken: (token: string) => void;
  clearToken: () => void;
  readUser: () => User | null;
  writeUser: (user: User) => void;
  clearUser: () => void;
  fetchUser: () => Promise<User>;
  fetchSessionCollegeName: () => Promise<string>;
  revokeToken: () => Promise<void>;
  /**
   * After a signed-in user is signed out: `user` by their own choice (they were warned
   * about unsent changes), `forced` by the server ("Unauthenticated.", another college).
   * The app forgets that user's local data here (src/session/localData.ts).
   */
  onSignedOut?: (user: User, how: SignOutKind) => void;
  /** After a sign-in (the app registers this browser's push subscription for the member). */
  onSignedIn?: (user: User) => void;
}

export type SignOutKind = 'user' | 'forced';

export type RecheckOutcome = 'signed-out' | 'confirmed' | 'kept' | 'skipped';

/** Derived as in the original app: a token exists and is not empty. */
export function isLoggedIn(state: SessionState): boolean {
  return state.token !== null && state.token.trim() !== '';
}

export function createSession(deps: SessionDeps) {
  const initialToken = deps.readToken();
  let state: SessionState = { token: initialToken, user: initialToken ? deps.readUser() : null };
  const listeners = new Set<() => void>();

  function set(next: SessionState): void {
    state = next;
    for (const listener of listeners) listener();
  }

  function clear(how: SignOutKind): void {
    const user = state.user;
    deps.clearToken();
    deps.clearUser();
    set({ token: null, user: null });
    if (user) deps.onSignedOut?.(user, how);
  }

  /** Revokes the token on the server (best effort: offline sign-out still signs out). */
  async function signOut(how: SignOutKind = 'user'): Promise<void> {
    if (isLoggedIn(state)) {
      try {
        await deps.revokeToken();
      } catch {
        // The token dies locally either way.
      }
    }
    clear(how);
  }

  return {
    getState: (): SessionState => state,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    signIn: (token: string, user: User): void => {
      deps.writeToken(token);
      deps.writeUser(user);
      set({ token, user });
      deps.onSignedIn?.(user);
    },

    setUser: (user: User): void => {
      if (!isLoggedIn(state)) return;
      deps.writeUser(user);
      set({ ...state, user });
    },

    signOut,

    /**
     * Re-checks the user (on every navigation). Only a 401 "Unauthenticated." signs out; a
     * network failure or any other error keeps the session, so a signed-in user opens the
     * app offline. When the token's college is not the page's college, signs out too.
     */
    recheck: async (pageCollegeName?: string): Promise<RecheckOutcome> => {
      const token = state.token;
      if (!isLoggedIn(state)) return 'skipped';
      let user: User;
      try {
        user = await deps.fetchUser();
      } catch (error) {
        // A newer sign-in during the request is not ours to undo.
        if (isUnauthenticated(error) && state.token === token) {
          clear('forced');
          return 'signed-out';
        }
        return 'kept';
      }
      if (state.token !== token) return 'kept';
      // The same user again changes nothing: a new object would redraw every screen that
      // reads the session, on every navigation.
      if (JSON.stringify(user) !== JSON.stringify(state.user)) {
        deps.writeUser(user);
        set({ token, user });
      }
      if (pageCollegeName !== undefined) {
        try {
          const name = await deps.fetchSessionCollegeName();
          if (name !== pageCollegeName && state.token === token) {
            await signOut('forced');
            return 'signed-out';
          }
        } catch (error) {
          if (isUnauthenticated(error) && state.token === token) {
            clear('forced');
            return 'signed-out';
          }
        }
      }
      return 'confirmed';
    },
  };
}

export type Session = ReturnType<typeof createSession>;
