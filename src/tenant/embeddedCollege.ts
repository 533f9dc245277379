import type { College } from '../../contract/college';
import { embeddedCollegeId } from '../../contract/pageMeta';
import { looksLikeCollege } from './collegeCache';

/**
 * The college's record as the server wrote it into the page it sent for this host, so a
 * first visit starts without waiting for `POST /api/colleges/domain` (and without loading
 * zod to check it). Null when the page has none (the development server, an old shell) or
 * it does not look like a college.
 */
export function readEmbeddedCollege(doc: Pick<Document, 'getElementById'> = document): College | null {
  const text = doc.getElementById(embeddedCollegeId)?.textContent;
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return looksLikeCollege(value) ? value : null;
  } catch {
    return null;
  }
}
