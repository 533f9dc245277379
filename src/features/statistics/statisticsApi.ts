import { requestJson } from '../../api/client';
import {
  entryHoursResponse,
  entryTimelineResponse,
  membersByRoleResponse,
  topDocumentsResponse,
  topPostsResponse,
  type StatisticsBucket,
} from '../../../contract/statistics';

/**
 * The statistics' requests (online only: the figures are computed by the server). The last
 * answer to each address is kept in memory for the session, so the screen offline shows
 * the last figures it loaded, and says so.
 */
const lastAnswers = new Map<string, unknown>();

/** One figure's address on the server and how its answer is read. */
export interface FigureRequest<T> {
  path: string;
  parse: (data: unknown) => T;
}

const figure = <T>(path: string, parse: (data: unknown) => T): FigureRequest<T> => ({ path, parse });

/** Asks for a figure, and remembers the answer for the session. */
export async function fetchFigure<T>(request: FigureRequest<T>, signal: AbortSignal): Promise<T> {
  const data = await requestJson('get', request.path, request.parse, undefined, signal);
  lastAnswers.set(request.path, data);
  return data;
}

/** The figure this session last received at that address, if any. */
export const rememberedFigure = <T>(request: FigureRequest<T>): T | undefined => lastAnswers.get(request.path) as T | undefined;

const query = (params: { [key: string]: string | number }) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

export type Period = { from: string; to: string };

export const statisticsApi = {
  posts: (p: Period) => figure(`api/v1/statistics/posts?${query({ ...p, limit: 10 })}`, (d) => topPostsResponse.parse(d).data),
  documents: (p: Period) => figure(`api/v1/statistics/documents?${query({ ...p, limit: 10 })}`, (d) => topDocumentsResponse.parse(d).data),
  hours: (p: Period) => figure(`api/v1/statistics/entries/hours?${query(p)}`, (d) => entryHoursResponse.parse(d)),
  timeline: (p: Period, bucket: StatisticsBucket) =>
    figure(`api/v1/statistics/entries/timeline?${query({ ...p, bucket })}`, (d) => entryTimelineResponse.parse(d)),
  members: (p: Period) => figure(`api/v1/statistics/members?${query(p)}`, (d) => membersByRoleResponse.parse(d).data),
};
