import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { AudienceReach } from '../../contract/audience';
import { scopeNeedsSections, type SectionScope } from '../../contract/audienceScopes';
import type { AudienceChoice } from './audienceChoice';
import { groupSections, sectionLabel, sectionsOfCourse, type AudienceOptions } from './audienceGroups';

/** Who an audience is, before it is put into words. */
export type AudienceDescription =
  | { kind: 'college' }
  | { kind: 'staff' }
  /** Every section of the college. */
  | { kind: 'allSections'; scope: SectionScope }
  /**
   * The largest whole units chosen, in school order: a course whose every section is chosen
   * is named alone ("Básica"), then a grade ("4° Básico"), else its sections ("4° Básico A").
   * `unknown` counts chosen sections this device does not know (removed since).
   */
  | { kind: 'sections'; scope: SectionScope; places: string[]; unknown: number };

export function describeAudience(choice: Pick<AudienceChoice, 'scope' | 'section_ids'>, options: AudienceOptions): AudienceDescription {
  const { scope } = choice;
  if (!scopeNeedsSections(scope)) return { kind: scope };
  const chosen = new Set(choice.section_ids.map((id) => id.toLowerCase()));
  const isChosen = (section: { id: string }) => chosen.has(section.id.toLowerCase());
  const groups = groupSections(options);
  const every = groups.flatMap(sectionsOfCourse);
  if (every.length > 0 && every.every(isChosen)) return { kind: 'allSections', scope };
  const places: string[] = [];
  for (const group of groups) {
    if (sectionsOfCourse(group).every(isChosen)) {
      places.push(group.course.name);
      continue;
    }
    for (const { grade, sections } of group.grades) {
      if (sections.every(isChosen)) places.push(grade.name);
      else for (const section of sections.filter(isChosen)) places.push(sectionLabel(grade, section));
    }
  }
  const known = new Set(every.map((section) => section.id.toLowerCase()));
  const unknown = [...chosen].filter((id) => !known.has(id)).length;
  return { kind: 'sections', scope, places, unknown };
}

/** Unicode first-strong isolates: a name keeps its own direction inside a sentence of the other. */
const isolateStart = '\u2068';
const isolateEnd = '\u2069';
const isolate = (name: string) => `${isolateStart}${name}${isolateEnd}`;

/** The text without isolates (for a place that cannot render them, and for tests). */
export function withoutIsolates(text: string): string {
  return text.replaceAll(isolateStart, '').replaceAll(isolateEnd, '');
}

/** Splits a summary into plain runs and isolated names, for `<bdi>` elements. */
export function isolatedRuns(text: string): { text: string; isolated: boolean }[] {
  return text
    .split(/(\u2068[^\u2069]*\u2069)/)
    .filter((run) => run !== '')
    .map((run) => (run.startsWith(isolateStart) ? { text: withoutIsolates(run), isolated: true } : { text: run, isolated: false }));
}

/**
 * The audience in words, in the active language: "Everyone in the school", "Staff only",
 * "Families and students of 4° Básico A and 4° Básico B". Names are wrapped in Unicode
 * isolates (render with `isolatedRuns`), so "4° Básico" keeps its order in Arabic.
 */
export function audienceSummary(i18n: I18n, description: AudienceDescription): string {
  switch (description.kind) {
    case 'college':
      return i18n._(msg`Everyone in the school`);
    case 'staff':
      return i18n._(msg`Staff only`);
    case 'allSections':
      return i18n._(
        description.scope === 'everyone' ? msg`All families and students` : description.scope === 'students' ? msg`All students` : msg`All families`,
      );
    case 'sections': {
      const { scope, unknown } = description;
      const names = description.places.map(isolate);
      if (unknown > 0) names.push(i18n._(msg`${plural(unknown, { one: '# other section', other: '# other sections' })}`));
      if (names.length === 0) return i18n._(msg`No grades or sections chosen yet`);
      const places = new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(names);
      if (scope === 'students') return i18n._(msg`Students of ${places}`);
      if (scope === 'guardians') return i18n._(msg`Families of ${places}`);
      return i18n._(msg`Families and students of ${places}`);
    }
  }
}

/** "Reaches 12 people", and who they are when they are more than one kind. */
export function reachSummary(i18n: I18n, reach: AudienceReach): { total: string; detail: string | null } {
  const { total, students, guardians, staff } = reach;
  const people = i18n._(msg`Reaches ${plural(total, { one: '# person', other: '# people' })}`);
  const kinds = [
    students > 0 ? i18n._(msg`${plural(students, { one: '# student', other: '# students' })}`) : null,
    guardians > 0 ? i18n._(msg`${plural(guardians, { one: '# family member', other: '# family members' })}`) : null,
    staff > 0 ? i18n._(msg`${plural(staff, { one: '# staff member', other: '# staff members' })}`) : null,
  ].filter((kind): kind is string => kind !== null);
  return { total: people, detail: kinds.length > 1 ? new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(kinds) : null };
}
