import type { Course, Grade, Section } from '../../contract/college';

/** The college's structure an audience is picked from (synced core tables). */
export interface AudienceOptions {
  courses: Course[];
  grades: Grade[];
  sections: Section[];
}

/** What the picker edits: the ids of contract/audience.ts `audienceFields`. */
export interface AudienceChoice {
  course_ids: string[];
  grade_ids: string[];
  section_ids: string[];
}

/**
 * Keeps a choice consistent: grades only of chosen courses, sections only of chosen grades
 * (a course unticked takes its grades and their sections with it).
 */
export function pruneAudience<T extends AudienceChoice>(values: T, options: Pick<AudienceOptions, 'grades' | 'sections'>): T {
  const courses = new Set(values.course_ids);
  const gradeIds = values.grade_ids.filter((id) => {
    const grade = options.grades.find((g) => g.id === id);
    return grade !== undefined && courses.has(grade.course_id);
  });
  const grades = new Set(gradeIds);
  const sectionIds = values.section_ids.filter((id) => {
    const section = options.sections.find((s) => s.id === id);
    return section !== undefined && grades.has(section.grade_id);
  });
  return { ...values, grade_ids: gradeIds, section_ids: sectionIds };
}
