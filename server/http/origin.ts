import type { FastifyRequest } from 'fastify';

/**
 * Where a write came from, for the audit trail (docs/features/audit.md, "From which device"):
 * pushed from a device's outbox (its `clientId`) or a REST request, with the sign-in session
 * (the token's id, never the token) and the browser's user agent.
 */
export interface Origin {
  via: 'outbox' | 'rest';
  deviceId: string | null;
  sessionId: string | null;
  userAgent: string;
  /** The address the request came to (`https://host`): links in mails about what it wrote point there (server/delivery). */
  site?: string;
}

/** `protocol://host` of a request (behind a trusted proxy, its forwarded ones). */
export const siteOf = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;

/** User agents are kept to this length: enough to tell a browser and a system apart. */
const userAgentLength = 300;

export const userAgentOf = (request: FastifyRequest): string => (request.headers['user-agent'] ?? '').slice(0, userAgentLength);

/** The origin of a REST request signed in with `requireUser` (`sessionId`: `Auth.tokenId`). */
export const restOrigin = (request: FastifyRequest, sessionId: string | null): Origin => ({
  via: 'rest',
  deviceId: null,
  sessionId,
  userAgent: userAgentOf(request),
  site: siteOf(request),
});

/** The origin of a sync push: the device that pushed. */
export const outboxOrigin = (request: FastifyRequest, clientId: string, sessionId: string | null): Origin => ({
  via: 'outbox',
  deviceId: clientId,
  sessionId,
  userAgent: userAgentOf(request),
  site: siteOf(request),
});
