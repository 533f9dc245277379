import { useLiveQuery } from 'dexie-react-hooks';
import type { Place } from '../../../contract/college';
import type { MemberRow } from '../../../contract/members';
import { groupSections, sectionLabel } from '../../audience/audienceGroups';
import { readFirstSyncPending } from '../../sync/hooks';
import { useMembersDb } from './useMembersDb';

/** Every member of the college, read in one live query (the list filters them in memory). */
export function useAllMembers(): { rows: MemberRow[]; firstSyncPending: boolean } | undefined {
  const db = useMembersDb();
  return useLiveQuery(async () => {
    const [rows, firstSyncPending] = await Promise.all([db.members.toArray(), readFirstSyncPending(db)]);
    return { rows, firstSyncPending };
  }, [db]);
}

/** One member: null when there is none, undefined while reading. */
export function useMember(id: string): MemberRow | null | undefined {
  const db = useMembersDb();
  return useLiveQuery(async () => (await db.members.get(id)) ?? null, [db, id]);
}

/** How many sign-ups wait for approval (the home screen's line). */
export function usePendingCount(enabled: boolean): number | undefined {
  const db = useMembersDb();
  return useLiveQuery(async () => (enabled ? db.members.where('status').equals('pending').count() : 0), [db, enabled]);
}

export interface SectionOption {
  id: string;
  label: string;
}

/** What members point at: the college's places and its sections in school order, named "4° Básico A". */
export interface MemberReference {
  places: Place[];
  sections: SectionOption[];
}

export function useMemberReference(): MemberReference | undefined {
  const db = useMembersDb();
  return useLiveQuery(async () => {
    const [places, courses, grades, sections] = await Promise.all([
      db.places.toArray(),
      db.courses.orderBy('position').toArray(),
      db.grades.orderBy('position').toArray(),
      db.sections.toArray(),
    ]);
    const byGrade = new Map(grades.map((grade) => [grade.id, grade]));
    const ordered = groupSections({ courses, grades, sections }).flatMap((course) => course.grades.flatMap((group) => group.sections));
    return {
      places: [...places].sort((a, b) => a.name.localeCompare(b.name)),
      sections: ordered.map((section) => ({ id: section.id, label: sectionLabel(byGrade.get(section.grade_id) ?? { name: '' }, section) })),
    };
  }, [db]);
}
