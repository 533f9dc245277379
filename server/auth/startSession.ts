import type { LoginResponse } from '../../contract/auth';
import type { Database } from '../db/client';
import { recordEntry } from '../entries/recordEntry';
import type { Storage } from '../storage/storage';
import type { UserRow } from './requireUser';
import { issueAccessToken } from './tokens';
import { userView } from './userView';

/**
 * A member signed in, whichever way (password, invitation, single sign-on): a new session,
 * the `sign_in` entry the statistics count, and the answer `POST /api/login-mobile` gives, so
 * every way leaves the device in the same state.
 */
export async function startSession(db: Database, storage: Storage, college: { id: string; timeZone: string }, user: UserRow): Promise<LoginResponse> {
  const token = await issueAccessToken(db, college.id, user.id);
  await recordEntry(db, { collegeId: college.id, userId: user.id, timeZone: college.timeZone }, 'sign_in');
  return { token, user: await userView(db, storage, user) };
}
