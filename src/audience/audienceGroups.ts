import type { Course, Grade, Section } from '../../contract/college';

/** The college's structure an audience is picked from (synced core tables). */
export interface AudienceOptions {
  courses: Course[];
  grades: Grade[];
  sections: Section[];
}

export interface GradeGroup {
  grade: Grade;
  /** By name, numbers in number order ("A", "B", … "10"). */
  sections: Section[];
}

export interface CourseGroup {
  course: Course;
  grades: GradeGroup[];
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, undefined, { numeric: true });
const byPosition = <T extends { name: string; position: number }>(a: T, b: T) => a.position - b.position || byName(a, b);

/**
 * The sections in school order: courses and their grades by the college's positions
 * (Básica: 1° … 8° Básico, then Media: I … IV Medio), each grade's sections by name. Grades
 * without sections, and courses without such grades, offer nothing to choose and are left out.
 */
export function groupSections({ courses, grades, sections }: AudienceOptions): CourseGroup[] {
  const sectionsOf = new Map<string, Section[]>();
  for (const section of sections) sectionsOf.set(section.grade_id, [...(sectionsOf.get(section.grade_id) ?? []), section]);
  return [...courses]
    .sort(byPosition)
    .map((course) => ({
      course,
      grades: grades
        .filter((grade) => grade.course_id === course.id)
        .sort(byPosition)
        .map((grade) => ({ grade, sections: [...(sectionsOf.get(grade.id) ?? [])].sort(byName) }))
        .filter((group) => group.sections.length > 0),
    }))
    .filter((group) => group.grades.length > 0);
}

/** A section's full name, as people say it: "4° Básico A". */
export function sectionLabel(grade: Pick<Grade, 'name'>, section: Pick<Section, 'name'>): string {
  return `${grade.name} ${section.name}`;
}

export const sectionsOfCourse = (group: CourseGroup): Section[] => group.grades.flatMap((grade) => grade.sections);

/**
 * What a picker offers for a new choice (docs/features/structure.md): sections neither archived nor in an
 * archived grade or course, plus those already chosen (an edit keeps its audience). Grades
 * and courses left without sections then drop out of groupSections.
 */
export function offeredOptions(options: AudienceOptions, chosen: readonly string[]): AudienceOptions {
  const keep = new Set(chosen);
  const archivedGrades = new Set(options.grades.filter((grade) => grade.archived === true).map((grade) => grade.id));
  const archivedCourses = new Set(options.courses.filter((course) => course.archived === true).map((course) => course.id));
  for (const grade of options.grades) if (archivedCourses.has(grade.course_id)) archivedGrades.add(grade.id);
  const sections = options.sections.filter((section) => keep.has(section.id) || (section.archived !== true && !archivedGrades.has(section.grade_id)));
  return sections.length === options.sections.length ? options : { ...options, sections };
}
