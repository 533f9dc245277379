import { useLiveQuery } from 'dexie-react-hooks';
import { useDb } from '../db/DbProvider';
import type { AudienceOptions } from './audienceGroups';

/** Live: the college's courses, grades and sections an audience is picked from (undefined while reading). */
export function useAudienceOptions(): AudienceOptions | undefined {
  const db = useDb();
  return useLiveQuery(async () => {
    const [courses, grades, sections] = await Promise.all([
      db.courses.orderBy('position').toArray(),
      db.grades.orderBy('position').toArray(),
      db.sections.toArray(),
    ]);
    return { courses, grades, sections };
  }, [db]);
}
