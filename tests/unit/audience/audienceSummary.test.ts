import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { AudienceScope } from '../../../contract/audience';
import type { Course, Grade, Section } from '../../../contract/college';
import { audienceToSend, withSections, type AudienceChoice } from '../../../src/audience/audienceChoice';
import { groupSections, type AudienceOptions } from '../../../src/audience/audienceGroups';
import { audienceSummary, describeAudience, isolatedRuns, reachSummary, withoutIsolates } from '../../../src/audience/audienceSummary';

/**
 * A college as devices receive it: rows in no particular order (the old picker listed
 * "A · 6°, A · 8°, A · 4°…"). Básica 1°–4° with A and B (4° also C), Media I with A only,
 * 5° Básico without sections.
 */
const courses: Course[] = [
  { id: 'media', name: 'Media', position: 2 },
  { id: 'basica', name: 'Básica', position: 1 },
];
const grades: Grade[] = [
  { id: 'g4', course_id: 'basica', name: '4° Básico', position: 4 },
  { id: 'gI', course_id: 'media', name: 'I Medio', position: 9 },
  { id: 'g1', course_id: 'basica', name: '1° Básico', position: 1 },
  { id: 'g5', course_id: 'basica', name: '5° Básico', position: 5 },
  { id: 'g2', course_id: 'basica', name: '2° Básico', position: 2 },
];
const section = (grade: string, name: string): Section => ({ id: `${grade}${name}`, grade_id: grade, name, place_id: null });
const sections: Section[] = [
  section('g4', 'B'),
  section('g2', 'A'),
  section('gI', 'A'),
  section('g4', 'C'),
  section('g1', 'B'),
  section('g4', 'A'),
  section('g1', 'A'),
  section('g2', 'B'),
];
const college: AudienceOptions = { courses, grades, sections };

const en = setupI18n({ locale: 'en', messages: { en: {} } });
async function i18nFor(locale: 'es' | 'ar'): Promise<I18n> {
  const catalog = (await import(`../../../src/locales/${locale}/messages.po`)) as { messages: Messages };
  return setupI18n({ locale, messages: { [locale]: catalog.messages } });
}

const choice = (scope: AudienceScope, section_ids: string[] = []): AudienceChoice => ({ scope, section_ids, grade_ids: [], course_ids: [] });
const say = (i18n: I18n, scope: AudienceScope, sectionIds: string[] = []) =>
  withoutIsolates(audienceSummary(i18n, describeAudience(choice(scope, sectionIds), college)));

describe('the sections of the audience picker', () => {
  it('come in school order: courses and grades by position, sections by name', () => {
    const groups = groupSections(college);
    expect(
      groups.map((group) => [group.course.name, group.grades.map(({ grade, sections }) => `${grade.name}: ${sections.map((s) => s.name).join(' ')}`)]),
    ).toEqual([
      ['Básica', ['1° Básico: A B', '2° Básico: A B', '4° Básico: A B C']],
      ['Media', ['I Medio: A']],
    ]);
  });

  it('put section 10 after section 9, and leave out what has nothing to choose', () => {
    const many: AudienceOptions = {
      courses: [...courses, { id: 'empty', name: 'Vacío', position: 3 }],
      grades,
      sections: ['10', '9', '1'].map((name) => section('g1', name)),
    };
    const groups = groupSections(many);
    expect(groups.map((group) => group.course.name)).toEqual(['Básica']);
    expect(groups[0]!.grades.map(({ grade, sections }) => [grade.name, sections.map((s) => s.name)])).toEqual([['1° Básico', ['1', '9', '10']]]);
  });

  it('derive the grades and courses of the chosen sections, in school order', () => {
    const picked = withSections(choice('everyone'), ['gIA', 'g4B', 'g1A', 'nowhere'], college);
    expect(picked).toMatchObject({ section_ids: ['g1A', 'g4B', 'gIA'], grade_ids: ['g1', 'g4', 'gI'], course_ids: ['basica', 'media'] });
  });

  it('send no sections for the whole school or for staff only, and keep them otherwise', () => {
    const picked = withSections(choice('everyone'), ['g1A'], college);
    expect(audienceToSend({ ...picked, scope: 'college' })).toMatchObject({ section_ids: [], grade_ids: [], course_ids: [] });
    expect(audienceToSend({ ...picked, scope: 'staff' })).toMatchObject({ section_ids: [] });
    expect(audienceToSend({ ...picked, scope: 'guardians' })).toMatchObject({ section_ids: ['g1A'], grade_ids: ['g1'], course_ids: ['basica'] });
  });
});

describe('the audience in words', () => {
  it('says everyone, staff only, or everyone of a kind in one phrase', () => {
    expect(say(en, 'college')).toBe('Everyone in the school');
    expect(say(en, 'staff', ['g1A'])).toBe('Staff only');
    const all = sections.map((s) => s.id);
    expect(say(en, 'everyone', all)).toBe('All families and students');
    expect(say(en, 'students', all)).toBe('All students');
    expect(say(en, 'guardians', all)).toBe('All families');
  });

  it('names whole grades and courses, and single sections otherwise, in school order', () => {
    expect(say(en, 'everyone', ['g4B', 'g4A'])).toBe('Families and students of 4° Básico A and 4° Básico B');
    expect(say(en, 'everyone', ['g4C', 'g4A', 'g4B'])).toBe('Families and students of 4° Básico');
    expect(say(en, 'students', ['gIA', 'g2B', 'g1A', 'g1B'])).toBe('Students of 1° Básico, 2° Básico B, and Media');
    expect(say(en, 'guardians', ['g1A', 'g1B', 'g2A', 'g2B', 'g4A', 'g4B', 'g4C'])).toBe('Families of Básica');
  });

  it('counts sections this device does not know, and says when none is chosen', () => {
    expect(say(en, 'everyone', ['g1A', 'gone-1'])).toBe('Families and students of 1° Básico A and 1 other section');
    expect(say(en, 'everyone', ['gone-1', 'gone-2'])).toBe('Families and students of 2 other sections');
    expect(say(en, 'everyone')).toBe('No grades or sections chosen yet');
  });

  it('isolates each name, so "4° Básico A" keeps its order in a right-to-left sentence', () => {
    const text = audienceSummary(en, describeAudience(choice('everyone', ['g4A', 'g1B']), college));
    expect(isolatedRuns(text)).toEqual([
      { text: 'Families and students of ', isolated: false },
      { text: '1° Básico B', isolated: true },
      { text: ' and ', isolated: false },
      { text: '4° Básico A', isolated: true },
    ]);
  });

  it('is translated, with the list joined the way each language joins it', async () => {
    const es = await i18nFor('es');
    expect(say(es, 'college')).toBe('Toda la comunidad escolar');
    expect(say(es, 'everyone', ['g4A', 'g4B'])).toBe('Apoderados y estudiantes de 4° Básico A y 4° Básico B');
    expect(say(es, 'staff')).toBe('Solo funcionarios');
    const ar = await i18nFor('ar');
    expect(say(ar, 'college')).toBe('جميع أفراد المدرسة');
    expect(say(ar, 'students', ['g4A', 'g1B'])).toBe('طلاب 1° Básico B و4° Básico A');
  });
});

describe('how many people an audience reaches, in words', () => {
  it('uses the plural the count needs, and says who they are when they are of several kinds', () => {
    expect(reachSummary(en, { total: 1, students: 0, guardians: 0, staff: 1 })).toEqual({ total: 'Reaches 1 person', detail: null });
    expect(reachSummary(en, { total: 12, students: 1, guardians: 4, staff: 7 })).toEqual({
      total: 'Reaches 12 people',
      detail: '1 student, 4 family members, and 7 staff members',
    });
  });

  it('follows the plural rules of Arabic', async () => {
    const ar = await i18nFor('ar');
    expect(reachSummary(ar, { total: 2, students: 0, guardians: 0, staff: 2 }).total).toBe('يصل إلى شخصين');
    expect(reachSummary(ar, { total: 5, students: 0, guardians: 0, staff: 5 }).total).toBe('يصل إلى 5 أشخاص');
  });
});
