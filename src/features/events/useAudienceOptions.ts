import { useLiveQuery } from 'dexie-react-hooks';
import type { AudienceOptions } from '../../audience/audienceGroups';
import { useEventsDb } from './useEventsDb';

/** Live: the college's courses, grades and sections (synced reference data); undefined while reading. */
export function useAudienceOptions(): AudienceOptions | undefined {
  const db = useEventsDb();
  return useLiveQuery(async () => {
    const [courses, grades, sections] = await Promise.all([db.courses.toArray(), db.grades.toArray(), db.sections.toArray()]);
    return { courses, grades, sections };
  }, [db]);
}
