import { auditListResponse, type AuditListResponse, type AuditQuery } from '../../../contract/audit';
import { requestFile, requestJson } from '../../api/client';

/** The filters as the routes read them (empty ones left out). */
export function auditSearch(query: Partial<AuditQuery>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '' && !(key === 'page' && value === 1)) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** One page of the college's records (online only: the trail is never stored on devices). */
export function fetchAudit(query: Partial<AuditQuery>, signal?: AbortSignal): Promise<AuditListResponse> {
  return requestJson('get', `api/v1/admin/audit${auditSearch(query)}`, (data) => auditListResponse.parse(data), undefined, signal);
}

/** Saves the CSV of every record the filters select, as the server wrote it. */
export async function downloadAuditCsv(query: Partial<AuditQuery>): Promise<void> {
  const { page: _page, ...filters } = query;
  const response = await requestFile(`api/v1/admin/audit.csv${auditSearch(filters)}`, {});
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'audit.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
