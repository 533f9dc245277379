import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden } from '../http/errors';
import {
  entryHoursResponse,
  entryTimelineResponse,
  membersByRoleResponse,
  statisticsPeriod,
  statisticsTimelineQuery,
  statisticsTopQuery,
  topDocumentsResponse,
  topPostsResponse,
} from '../../contract/statistics';
import { authOf, requirePermission, requireUser } from '../auth/requireUser';
import type { AppContext } from '../config';
import { collegeOf } from '../tenancy/resolveCollege';
import { entryHours, entryTimeline, membersByRole, topDocuments, topPosts, type StatisticsScope } from './statisticsQueries';

/**
 * `GET /api/v1/statistics/…` (docs/features/statistics.md). Administrators get the college's figures; staff get
 * the reads of their own posts only (`/posts`), and 403 on the rest. The permission is
 * checked before the query string, so a student is refused whatever it sends.
 */
export function statisticsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const readers = [requireUser(db), requirePermission('statistics.read')];
  const admins = [
    ...readers,
    (request: FastifyRequest): Promise<void> => (authOf(request).user.role === 'admin' ? Promise.resolve() : Promise.reject(forbidden())),
  ];
  const scopeOf = (request: FastifyRequest): StatisticsScope => {
    const { user } = authOf(request);
    return { collegeId: user.collegeId, timeZone: collegeOf(request).timeZone, authorId: user.role === 'admin' ? null : user.id };
  };

  typed.get(
    '/api/v1/statistics/posts',
    { schema: { querystring: statisticsTopQuery, response: { 200: topPostsResponse } }, onRequest: readers },
    async (request) => ({ data: await topPosts(db, scopeOf(request), request.query) }),
  );
  typed.get(
    '/api/v1/statistics/documents',
    { schema: { querystring: statisticsTopQuery, response: { 200: topDocumentsResponse } }, onRequest: admins },
    async (request) => ({ data: await topDocuments(db, scopeOf(request), request.query) }),
  );
  typed.get(
    '/api/v1/statistics/entries/hours',
    { schema: { querystring: statisticsPeriod, response: { 200: entryHoursResponse } }, onRequest: admins },
    async (request) => entryHours(db, scopeOf(request), request.query),
  );
  typed.get(
    '/api/v1/statistics/entries/timeline',
    { schema: { querystring: statisticsTimelineQuery, response: { 200: entryTimelineResponse } }, onRequest: admins },
    async (request) => entryTimeline(db, scopeOf(request), request.query),
  );
  typed.get(
    '/api/v1/statistics/members',
    { schema: { querystring: statisticsPeriod, response: { 200: membersByRoleResponse } }, onRequest: admins },
    async (request) => ({ data: await membersByRole(db, scopeOf(request), request.query) }),
  );
}
