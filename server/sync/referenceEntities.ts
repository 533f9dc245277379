import type { Course, Grade, Place, Section } from '../../contract/college';
import { courses, grades, places, sections } from '../db/schema';
import { defineEntity } from './entity';

/**
 * The college's structure, which posts and events point at: visible to every member.
 * Administrators write it through the structure module (server/structure); `archived` rows
 * stay for what points at them.
 */
export const referenceEntities = [
  defineEntity({
    name: 'places',
    table: places,
    toWire: (row): Place => ({ id: row.id, name: row.name, address: row.address, archived: row.archivedAt !== null }),
  }),
  defineEntity({
    name: 'courses',
    table: courses,
    toWire: (row): Course => ({ id: row.id, name: row.name, position: row.position, archived: row.archivedAt !== null }),
  }),
  defineEntity({
    name: 'grades',
    table: grades,
    toWire: (row): Grade => ({ id: row.id, course_id: row.courseId, name: row.name, position: row.position, archived: row.archivedAt !== null }),
  }),
  defineEntity({
    name: 'sections',
    table: sections,
    toWire: (row): Section => ({ id: row.id, grade_id: row.gradeId, name: row.name, place_id: row.placeId, archived: row.archivedAt !== null }),
  }),
];
