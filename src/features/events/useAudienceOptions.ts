import { useLiveQuery } from 'dexie-react-hooks';
import type { AudienceOptions } from '../../audience/audienceGroups';
import { useEventsDb } from './useEventsDb';

/** Live: the college's courses, grades and sections an event's audience is picked from (undefined while reading). */
export function useAudienceOptions(): AudienceOptions | undefined {
  const db = useEventsDb();
  return useLiveQuery(async () => {
    const [courses, grades, sections] = await Promise.all([db.courses.orderBy('position').toArray(), db.grades.orderBy('position').toArray(), db.sections.toArray()]);
    return { courses, grades, sections };
  }, [db]);
}
