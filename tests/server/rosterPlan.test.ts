import { describe, expect, it } from 'vitest';
import { rosterFileNames, type RosterFile } from '../../server/roster/columns';
import type { FileMode } from '../../server/roster/manifest';
import { planRoster, type CollegeState, type MemberState } from '../../server/roster/planRoster';

const college = '01890000-0000-7000-8000-00000000c011';
const modes = (given: Partial<Record<RosterFile, FileMode>>) =>
  Object.fromEntries(rosterFileNames.map((name) => [name, given[name] ?? 'absent'])) as Record<RosterFile, FileMode>;

function stateWith(members: MemberState[]): CollegeState {
  return {
    collegeId: college,
    links: { org: new Map([['district', college]]), course: new Map(), grade: new Map(), class: new Map(), user: new Map() },
    places: new Map(),
    courses: new Map(),
    grades: new Map(),
    sections: new Map(),
    members: new Map(members.map((m) => [m.id, m])),
  };
}

const guardian: MemberState = {
  id: 'g1',
  role: 'guardian',
  status: 'active',
  name: 'Ana',
  firstLastname: 'Soto',
  email: 'ana@home.test',
  phone: '',
  placeId: null,
  // As the database may hold them: not sorted, and not the union of the child's sections.
  sectionIds: ['s2', 's1'],
  childIds: ['c2', 'c1'],
  removed: false,
};

describe('planning a roster import', () => {
  it('leaves members the file does not name untouched, whatever order their sections are stored in', () => {
    const row = (cells: Record<string, string>, line: number) => ({ line, cells });
    const plan = planRoster(
      stateWith([guardian, { ...guardian, id: 'c1', role: 'student', email: 'c1@s.test', sectionIds: ['s9'], childIds: [] }]),
      modes({ users: 'delta' }),
      {
        users: [
          row(
            { sourcedId: 'u1', enabledUser: 'true', orgSourcedIds: 'district', role: 'teacher', givenName: 'Eva', familyName: 'Ruiz', email: 'eva@s.test' },
            2,
          ),
        ],
      },
      new Date(),
    );
    expect(plan.refused).toEqual([]);
    expect(plan.counts.members).toEqual({ created: 1, updated: 0, unchanged: 0, removed: 0 });
    expect(plan.updates.members).toEqual([]);
    expect(plan.sections.size).toBe(0);
  });
});
