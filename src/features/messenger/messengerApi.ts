import { peopleResponse, reportsResponse, type PersonRow, type ReportRow } from '../../../contract/messenger';
import { requestJson } from '../../api/client';

/**
 * The messenger's two online reads: whom I may write to (picking someone new needs the
 * server; every conversation already here works offline) and, for administrators, the
 * reported messages.
 */
export function fetchPeople(q: string, purpose: 'direct' | 'group', signal?: AbortSignal): Promise<PersonRow[]> {
  const query = new URLSearchParams({ for: purpose, limit: '20' });
  if (q.trim()) query.set('q', q.trim());
  return requestJson('get', `api/v1/messenger/people?${query.toString()}`, (data) => peopleResponse.parse(data).data, undefined, signal);
}

export function fetchReports(signal?: AbortSignal): Promise<ReportRow[]> {
  return requestJson('get', 'api/v1/admin/messenger/reports', (data) => reportsResponse.parse(data).data, undefined, signal);
}
