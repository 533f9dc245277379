import { groupSections, type AudienceOptions } from '../../audience/audienceGroups';
import type { CalendarParams } from './calendarParams';
import type { EventFilter } from './eventQueries';

/**
 * The query's filter from the address's: a course or a grade stands for its sections. An
 * audience this device does not know (yet) filters by its id alone, which matches nothing
 * but the whole college's and staff events: honest rather than showing everything.
 */
export function eventFilterOf(params: Pick<CalendarParams, 'categories' | 'audience'>, options: AudienceOptions | undefined): EventFilter {
  const { audience } = params;
  let sectionIds: string[] = [];
  if (audience?.level === 'section') sectionIds = [audience.id];
  else if (audience && options) {
    for (const group of groupSections(options)) {
      for (const { grade, sections } of group.grades) {
        if ((audience.level === 'course' && group.course.id === audience.id) || (audience.level === 'grade' && grade.id === audience.id))
          sectionIds.push(...sections.map((section) => section.id));
      }
    }
    if (sectionIds.length === 0) sectionIds = [audience.id];
  } else if (audience) sectionIds = [audience.id];
  return { categories: params.categories, sectionIds };
}
