import type { LoginResponse, User } from '../../contract/auth';
import type { College } from '../../contract/college';
import type { LoginAnswer } from '../../contract/secondFactor';

/**
 * Parsers for the answers the shell itself reads. The contract's zod schemas are loaded on
 * first use, not with the shell: zod is most of a small app's first download, and these
 * answers arrive over the network anyway. Lazy screens import the schemas directly.
 */
export async function parseUser(data: unknown): Promise<User> {
  return (await import('../../contract/auth')).user.parse(data);
}

export async function parseLoginResponse(data: unknown): Promise<LoginResponse> {
  return (await import('../../contract/auth')).loginResponse.parse(data);
}

/** `POST /api/login-mobile`: a session, or the second step a member with a second factor takes. */
export async function parseLoginAnswer(data: unknown): Promise<LoginAnswer> {
  return (await import('../../contract/secondFactor')).loginAnswer.parse(data);
}

export async function parseCollege(data: unknown): Promise<College> {
  return (await import('../../contract/college')).college.parse(data);
}

/** `{ message }` answers (forgot password, password change…). */
export function parseMessageReply(data: unknown): { message: string } {
  const message = (data as { message?: unknown } | null)?.message;
  if (typeof message !== 'string') throw new TypeError('expected { message }');
  return { message };
}

/** Only the name of `GET /api/v1/session/college` matters to the shell. */
export function parseCollegeName(data: unknown): { name: string } {
  const name = (data as { name?: unknown } | null)?.name;
  if (typeof name !== 'string') throw new TypeError('expected a college with a name');
  return { name };
}
