import { course, grade, place, section } from '../../contract/college';
import { defineDataModule, parsedBy } from './dataModule';

/**
 * The tables every feature relies on: the outbox, sync facts (`meta`) and the college's
 * reference data (places, courses, grades, sections) that audiences point at. Always the
 * first module of a database (src/db/localSchema.ts).
 */
export const coreModule = defineDataModule({
  name: 'core',
  versions: {
    1: {
      stores: {
        places: 'id',
        courses: 'id, position',
        grades: 'id, course_id, position',
        sections: 'id, grade_id',
        outbox: '++seq, &id, status, entityId',
        meta: 'key',
      },
    },
  },
  entities: {
    places: { table: 'places', toLocal: parsedBy(place) },
    courses: { table: 'courses', toLocal: parsedBy(course) },
    grades: { table: 'grades', toLocal: parsedBy(grade) },
    sections: { table: 'sections', toLocal: parsedBy(section) },
  },
});
