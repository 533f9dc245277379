import { scopeNeedsSections, type AudienceScope } from '../../contract/audienceScopes';
import { groupSections, type AudienceOptions } from './audienceGroups';

/** What the picker edits: contract/audience.ts `audienceFields`. */
export interface AudienceChoice {
  course_ids: string[];
  grade_ids: string[];
  section_ids: string[];
  scope: AudienceScope;
}

/**
 * The choice with these sections, in school order, and the grades and courses they belong
 * to (what the contract asks for: the courses and grades say how sections were chosen).
 */
export function withSections<T extends AudienceChoice>(values: T, sectionIds: Iterable<string>, options: AudienceOptions): T {
  const chosen = new Set(sectionIds);
  const section_ids: string[] = [];
  const grade_ids: string[] = [];
  const course_ids: string[] = [];
  for (const { course, grades } of groupSections(options)) {
    for (const { grade, sections } of grades) {
      const picked = sections.filter((section) => chosen.has(section.id));
      if (picked.length === 0) continue;
      section_ids.push(...picked.map((section) => section.id));
      grade_ids.push(grade.id);
      if (!course_ids.includes(course.id)) course_ids.push(course.id);
    }
  }
  return { ...values, section_ids, grade_ids, course_ids };
}

/**
 * What is sent: the whole college and staff-only audiences name no sections (the picker
 * keeps the sections chosen before, should the person switch back).
 */
export function audienceToSend<T extends AudienceChoice>(values: T): T {
  return scopeNeedsSections(values.scope) ? values : { ...values, course_ids: [], grade_ids: [], section_ids: [] };
}
