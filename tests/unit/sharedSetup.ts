import { afterEach } from 'vitest';
import { session } from '../../src/session/session';

/**
 * The shared unit project's setup (vitest.config.ts): its files share one module graph per
 * worker, so the app's one session (src/session/session.ts) outlives a file. A test that
 * signed in signs out after it, as the app does when the server ends a session, and the
 * next file starts signed out, as a fresh page would.
 */
afterEach(async () => {
  if (session.getState().token) await session.signOut('forced');
});
