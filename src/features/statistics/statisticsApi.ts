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

export interface Loaded<T> {
  data: T;
  /** From this session's memory, not from the server just now. */
  stale: boolean;
}

async function load<T>(path: string, parse: (data: unknown) => T, online: boolean, signal?: AbortSignal): Promise<Loaded<T> | null> {
  const remembered = lastAnswers.get(path) as T | undefined;
  if (!online) return remembered === undefined ? null : { data: remembered, stale: true };
  try {
    const data = await requestJson('get', path, parse, undefined, signal);
    lastAnswers.set(path, data);
    return { data, stale: false };
  } catch (error) {
    if (remembered !== undefined && !signal?.aborted) return { data: remembered, stale: true };
    throw error;
  }
}

const query = (params: { [key: string]: string | number }) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

export type Period = { from: string; to: string };

export const statisticsApi = {
  posts: (p: Period, online: boolean, signal?: AbortSignal) =>
    load(`api/v1/statistics/posts?${query({ ...p, limit: 10 })}`, (d) => topPostsResponse.parse(d).data, online, signal),
  documents: (p: Period, online: boolean, signal?: AbortSignal) =>
    load(`api/v1/statistics/documents?${query({ ...p, limit: 10 })}`, (d) => topDocumentsResponse.parse(d).data, online, signal),
  hours: (p: Period, online: boolean, signal?: AbortSignal) =>
    load(`api/v1/statistics/entries/hours?${query(p)}`, (d) => entryHoursResponse.parse(d), online, signal),
  timeline: (p: Period, bucket: StatisticsBucket, online: boolean, signal?: AbortSignal) =>
    load(`api/v1/statistics/entries/timeline?${query({ ...p, bucket })}`, (d) => entryTimelineResponse.parse(d), online, signal),
  members: (p: Period, online: boolean, signal?: AbortSignal) =>
    load(`api/v1/statistics/members?${query(p)}`, (d) => membersByRoleResponse.parse(d).data, online, signal),
};
