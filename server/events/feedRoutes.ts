import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFeedPath, calendarFeedResponse, type CalendarFeedResponse } from '../../contract/calendarFeed';
import { calendarText } from '../../contract/eventCalendar';
import { messages } from '../../contract/messages';
import { authOf, requireUser } from '../auth/requireUser';
import type { AppContext } from '../config';
import { negotiateEncoding } from '../http/appShell';
import { notFound } from '../http/errors';
import { loadViewer } from '../sync/viewer';
import { collegeOf } from '../tenancy/resolveCollege';
import { eventToWire } from './eventEntities';
import { feedEvents } from './eventQueries';
import { feedMember, findFeed, replaceFeed, revokeFeed, type CalendarFeedRow } from './feedStore';

const fileParams = z.object({ file: z.string().max(200) });
const feedFile = /^(.+)\.ics$/;

/** How long a calendar app or a proxy may keep a feed before asking again (a 304 when unchanged). */
const feedMaxAgeSeconds = 300;
/** What the feed suggests to calendar apps (`REFRESH-INTERVAL`); most poll on their own schedule. */
const feedRefreshSeconds = 60 * 60;

/** The app's origin as the request reached it, as the reset-password link is made (trustProxy decides). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

function feedAddress(request: FastifyRequest, row: CalendarFeedRow): CalendarFeedResponse['feed'] {
  const path = calendarFeedPath(row.token);
  return { https: `${originOf(request)}${path}`, webcal: `webcal://${request.host}${path}`, created_at: row.createdAt.toISOString() };
}

/**
 * Private calendar feeds (docs/features/events.md). A signed-in member reads, makes (or replaces) and revokes
 * their feed's address; calendar apps read the feed itself without signing in, the address
 * being the secret. The feed lists what the member may see at the time it is read, so a new
 * section, role or audience shows at the next refresh, and a member who leaves the college
 * (disabled, or a token taken to another college's host) reads nothing.
 */
export function feedRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(db);

  typed.get('/api/v1/calendar/feed', { schema: { response: { 200: calendarFeedResponse } }, onRequest: signedIn }, async (request) => {
    const row = await findFeed(db, authOf(request).user);
    return { feed: row ? feedAddress(request, row) : null };
  });

  typed.post('/api/v1/calendar/feed', { schema: { response: { 201: calendarFeedResponse } }, onRequest: signedIn }, async (request, reply) => {
    const row = await replaceFeed(db, authOf(request).user);
    return reply.code(201).send({ feed: feedAddress(request, row) });
  });

  typed.delete('/api/v1/calendar/feed', { onRequest: signedIn }, async (request, reply) => {
    await revokeFeed(db, authOf(request).user);
    return reply.code(204).send();
  });

  typed.get(
    '/api/v1/calendar/:file',
    {
      schema: { params: fileParams, response: { 200: z.string(), 304: z.void() } },
      config: {
        // Per address, not per IP: calendar services (Google, Apple) read many members'
        // feeds from few addresses. An unknown address costs one indexed lookup.
        rateLimit: {
          max: config.rateLimits.calendarFeed.max,
          timeWindow: config.rateLimits.calendarFeed.timeWindowMs,
          keyGenerator: (request: FastifyRequest) => `calendar-feed:${(request.params as { file?: string }).file ?? ''}`,
        },
      },
    },
    async (request, reply) => {
      const college = collegeOf(request);
      const token = feedFile.exec(request.params.file)?.[1];
      const member = token ? await feedMember(db, college.id, token) : null;
      if (!member) throw notFound(messages.calendarFeedNotFound);
      const viewer = await loadViewer(db, member);
      const rows = await feedEvents(db, viewer);
      const body = calendarText(rows.map(eventToWire), { calendarName: college.name, appUrl: originOf(request), refreshSeconds: feedRefreshSeconds });
      // The same text is the same calendar (its stamps are the events' changes): a strong
      // tag of the body, one per encoding as @fastify/compress sends it (as the app shell).
      const digest = createHash('sha256').update(body).digest('base64url').slice(0, 32);
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      const etag = encoding === 'identity' ? `"${digest}"` : `"${digest}-${encoding}"`;
      reply.header('Content-Type', 'text/calendar; charset=utf-8').header('Cache-Control', `private, max-age=${feedMaxAgeSeconds}`).header('ETag', etag);
      if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag)) return reply.code(304).send();
      return reply.send(body);
    },
  );
}
