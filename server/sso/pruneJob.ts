import { lt } from 'drizzle-orm';
import type { Job } from '../jobs';
import { ssoLogins } from './schema';

/** How long after its expiry a sign-in's row is kept. */
export const ssoLoginPruneAfterMs = 60 * 60 * 1000;

/**
 * Removes sign-ins that can no longer be used. Each lives ten minutes with the provider
 * (`ssoLoginLifetimeMs`) and its exchange two more after the answer, so a row an hour past its
 * expiry is only a trace of who tried to sign in, kept nowhere else either.
 */
export const ssoLoginsPruneJob: Job = {
  name: 'sso-logins-prune',
  everyMs: 60 * 60 * 1000,
  run: async (db, now) => {
    await db.delete(ssoLogins).where(lt(ssoLogins.expiresAt, new Date(now.getTime() - ssoLoginPruneAfterMs)));
  },
};
