import { defineDataModule, parsedBy } from './dataModule';

/** The rows' contracts: loaded by the sync worker, not by the screens (see SyncedEntity). */
const contract = () => import('../../contract/college');

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
  // Shape 2: rows carry `archived` (archiving, docs/features/structure.md; older apps dropped the field).
  entities: {
    places: { table: 'places', shape: 2, toLocal: parsedBy(() => contract().then((c) => c.place)) },
    courses: { table: 'courses', shape: 2, toLocal: parsedBy(() => contract().then((c) => c.course)) },
    grades: { table: 'grades', shape: 2, toLocal: parsedBy(() => contract().then((c) => c.grade)) },
    sections: { table: 'sections', shape: 2, toLocal: parsedBy(() => contract().then((c) => c.section)) },
  },
});
