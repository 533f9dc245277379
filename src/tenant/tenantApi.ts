import type { College } from '../../contract/college';
import { requestJson } from '../api/client';
import { parseCollege } from '../api/schemas';

/** The server picks the college from the page's host (the original app's `POST /api/colleges/domain`). */
export function fetchCollegeForHost(host: string): Promise<College> {
  return requestJson('post', 'api/colleges/domain', parseCollege, { json: { domain: host } });
}
