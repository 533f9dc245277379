import { describe, expect, it } from 'vitest';
import type { User } from '../../../contract/auth';
import { messages } from '../../../contract/messages';
import { ApiError, NetworkError } from '../../../src/api/errors';
import { createSession, isLoggedIn, type SessionDeps } from '../../../src/session/createSession';

const alice: User = {
  id: 'u1',
  college_id: 'c1',
  role: 'staff',
  status: 'active',
  name: 'Alice',
  first_lastname: 'Pérez',
  second_lastname: '',
  email: 'alice@colinas.test',
  rut: null,
  phone: '',
  birthdate: null,
  avatar: null,
  place_id: null,
  section_ids: [],
  created_at: '2026-01-01T00:00:00Z',
};

/** An in-memory device: what the session stores, and what the server answers next. */
function device(answer: () => Promise<User>, collegeName = 'Colegio Las Colinas') {
  const stored: { token: string | null; user: User | null } = { token: 'secret', user: alice };
  const deps: SessionDeps = {
    readToken: () => stored.token,
    writeToken: (token) => void (stored.token = token),
    clearToken: () => void (stored.token = null),
    readUser: () => stored.user,
    writeUser: (user) => void (stored.user = user),
    clearUser: () => void (stored.user = null),
    fetchUser: answer,
    fetchSessionCollegeName: () => Promise.resolve(collegeName),
    revokeToken: () => Promise.resolve(),
  };
  return { stored, session: createSession(deps) };
}

describe('the session re-check', () => {
  it('signs out only when the server answers 401 "Unauthenticated."', async () => {
    const { stored, session } = device(() => Promise.reject(new ApiError(401, messages.unauthenticated)));
    expect(await session.recheck()).toBe('signed-out');
    expect(isLoggedIn(session.getState())).toBe(false);
    expect(stored).toEqual({ token: null, user: null });
  });

  it('keeps a signed-in user signed in when the server cannot be reached', async () => {
    const { stored, session } = device(() => Promise.reject(new NetworkError()));
    expect(await session.recheck()).toBe('kept');
    expect(isLoggedIn(session.getState())).toBe(true);
    expect(session.getState().user?.name).toBe('Alice');
    expect(stored.token).toBe('secret');
  });

  it('keeps the session on other errors (a 500, a 403)', async () => {
    for (const error of [new ApiError(500, messages.serverError), new ApiError(403, messages.forbidden)]) {
      const { session } = device(() => Promise.reject(error));
      expect(await session.recheck()).toBe('kept');
      expect(isLoggedIn(session.getState())).toBe(true);
    }
  });

  it('refreshes the cached user when the server confirms', async () => {
    const { stored, session } = device(() => Promise.resolve({ ...alice, name: 'Alicia' }));
    expect(await session.recheck('Colegio Las Colinas')).toBe('confirmed');
    expect(stored.user?.name).toBe('Alicia');
  });

  it('tells nobody when the server confirms the same user (every screen reading it would redraw)', async () => {
    const { session } = device(() => Promise.resolve({ ...alice }));
    const before = session.getState();
    let notified = 0;
    session.subscribe(() => notified++);
    expect(await session.recheck('Colegio Las Colinas')).toBe('confirmed');
    expect(notified).toBe(0);
    expect(session.getState()).toBe(before);
  });

  it("signs out when the token's college is not the page's college", async () => {
    const { session } = device(() => Promise.resolve(alice), 'Alianza Francesa');
    expect(await session.recheck('Colegio Las Colinas')).toBe('signed-out');
    expect(isLoggedIn(session.getState())).toBe(false);
  });

  it('does not undo a sign-in that happened while the check was under way', async () => {
    let reject: (error: unknown) => void = () => undefined;
    const { session } = device(() => new Promise<User>((_, r) => (reject = r)));
    const pending = session.recheck();
    session.signIn('fresh', alice);
    reject(new ApiError(401, messages.unauthenticated));
    expect(await pending).toBe('kept');
    expect(session.getState().token).toBe('fresh');
  });
});
