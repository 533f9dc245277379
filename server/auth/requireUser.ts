import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { can, type Permission } from '../../contract/permissions';
import type { Database } from '../db/client';
import { accessTokens, users } from '../db/schema';
import { forbidden, unauthenticated } from '../http/errors';
import { restOrigin, type Origin } from '../http/origin';
import { collegeOf } from '../tenancy/resolveCollege';
import { digest } from './tokens';

export type UserRow = typeof users.$inferSelect;

export interface Auth {
  user: UserRow;
  tokenId: string;
  /** Where the request came from, for the audit trail. */
  origin: Origin;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

const bearer = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/;

/** The token of `Authorization: Bearer <token>`, or null. */
export function bearerTokenOf(request: FastifyRequest): string | null {
  return bearer.exec(request.headers.authorization ?? '')?.[1] ?? null;
}

const tokenShape = /^[A-Za-z0-9_-]{20,200}$/;

/** The `token` cookie (src/storage/tokenStorage.ts keeps the token there too), or null. */
function cookieTokenOf(request: FastifyRequest): string | null {
  const token = request.cookies.token;
  return token !== undefined && tokenShape.test(token) ? token : null;
}

const guards = new WeakSet<object>();

/**
 * Marks a hook that asks who is asking (`requireUser`, `requirePermission`, the quiet polls'
 * session). Such a hook runs in a route's `onRequest`, before the body is read or validated:
 * a stranger learns nothing of a form's fields, and a limit counted after it counts only
 * those it lets through. `server/app.ts` refuses to start with one in a later hook.
 */
export function authGuard<Hook extends object>(hook: Hook): Hook {
  guards.add(hook);
  return hook;
}

export const isAuthGuard = (hook: unknown): boolean => typeof hook === 'function' && guards.has(hook);

/**
 * onRequest: `Authorization: Bearer <token>` → the user, else 401 "Unauthenticated.".
 * Only the header is read (never the `token` cookie), so cross-site requests carry no
 * credentials and need no CSRF check. A token is looked up within the host's college only,
 * so a token of another college is unknown here; pending and disabled users are refused.
 *
 * `cookie` also accepts the `token` cookie, for reads an `<img>` makes (it cannot send a
 * header): only on GET routes that change nothing, and the cookie is SameSite=Lax, so other
 * sites' pages cannot make the browser send it with their requests for images.
 */
export function requireUser(db: Database, { cookie = false }: { cookie?: boolean } = {}) {
  return authGuard(async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const college = collegeOf(request);
    const token = bearerTokenOf(request) ?? (cookie ? cookieTokenOf(request) : null);
    if (!token) throw unauthenticated();
    const rows = await db
      .select({ user: users, tokenId: accessTokens.id })
      .from(accessTokens)
      .innerJoin(users, eq(users.id, accessTokens.userId))
      .where(and(eq(accessTokens.tokenHash, digest(token)), eq(accessTokens.collegeId, college.id), eq(users.collegeId, college.id)))
      .limit(1);
    const found = rows[0];
    if (!found || found.user.status !== 'active') throw unauthenticated();
    request.auth = { user: found.user, tokenId: found.tokenId, origin: restOrigin(request, found.tokenId) };
  });
}

/** The signed-in user of a route guarded by `requireUser`. */
export function authOf(request: FastifyRequest): Auth {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** onRequest after `requireUser`: 403 unless the user's role has the permission. */
export function requirePermission(permission: Permission) {
  return authGuard((request: FastifyRequest): Promise<void> => (can(authOf(request).user.role, permission) ? Promise.resolve() : Promise.reject(forbidden())));
}

/**
 * Who this browser is signed in as at this college, from its `token` cookie, or null: a page
 * opened from a mail's link (server/delivery/linkRoutes.ts) tells a link of someone else's
 * apart. Reads only; never a reason to act.
 */
export async function cookieMemberOf(db: Database, request: FastifyRequest): Promise<string | null> {
  const token = cookieTokenOf(request);
  if (!token || !request.college) return null;
  const [row] = await db
    .select({ userId: accessTokens.userId })
    .from(accessTokens)
    .where(and(eq(accessTokens.tokenHash, digest(token)), eq(accessTokens.collegeId, request.college.id)))
    .limit(1);
  return row?.userId ?? null;
}
