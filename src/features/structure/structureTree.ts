import type { Course, Grade, Place, Section } from '../../../contract/college';

/** The college's structure as the admin screen lists it: places, and courses → grades → sections. */
export interface StructureTree {
  places: Place[];
  courses: { course: Course; grades: { grade: Grade; sections: Section[] }[] }[];
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, undefined, { numeric: true });
const byPosition = <T extends { name: string; position: number }>(a: T, b: T) => a.position - b.position || byName(a, b);

/**
 * Sorted as the pickers sort them (positions, then names; sections by name). Without
 * `showArchived`, archived items are left out, and with them what they hold (an archived
 * course's grades): the screen then shows what new items can point at.
 */
export function structureTree(rows: { places: Place[]; courses: Course[]; grades: Grade[]; sections: Section[] }, showArchived: boolean): StructureTree {
  const shown = (row: { archived?: boolean | undefined }) => showArchived || row.archived !== true;
  return {
    places: rows.places.filter(shown).sort(byName),
    courses: rows.courses
      .filter(shown)
      .sort(byPosition)
      .map((course) => ({
        course,
        grades: rows.grades
          .filter((grade) => grade.course_id === course.id && shown(grade))
          .sort(byPosition)
          .map((grade) => ({ grade, sections: rows.sections.filter((section) => section.grade_id === grade.id && shown(section)).sort(byName) })),
      })),
  };
}
