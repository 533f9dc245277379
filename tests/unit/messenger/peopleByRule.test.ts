import { describe, expect, it } from 'vitest';
import type { PersonRow } from '../../../contract/messenger';
import { defaultMessengerRules } from '../../../contract/messengerRules';
import { peopleTheRuleAllows } from '../../../src/features/messenger/peopleByRule';

const person = (id: string, role: PersonRow['role']): PersonRow => ({ id, name: id, role, sections: [] });
const found = [person('directora', 'admin'), person('profesora', 'staff'), person('alumna', 'student'), person('apoderado', 'guardian')];
const ids = (people: PersonRow[]) => people.map((p) => p.id);

describe("the people picker and the school's rule", () => {
  it('offers a student staff and guardians by default, never other students', () => {
    expect(ids(peopleTheRuleAllows(found, 'student', defaultMessengerRules))).toEqual(['directora', 'profesora', 'apoderado']);
  });

  it('offers a guardian staff and students by default, never other guardians', () => {
    expect(ids(peopleTheRuleAllows(found, 'guardian', defaultMessengerRules))).toEqual(['directora', 'profesora', 'alumna']);
  });

  it('follows the rule as the school changed it on this device, administrators counted as staff', () => {
    const rules = { ...defaultMessengerRules, staff_to_student: false, student_to_student: true, student_to_staff: false };
    expect(ids(peopleTheRuleAllows(found, 'admin', rules))).toEqual(['directora', 'profesora', 'apoderado']);
    expect(ids(peopleTheRuleAllows(found, 'staff', rules))).toEqual(['directora', 'profesora', 'apoderado']);
    expect(ids(peopleTheRuleAllows(found, 'student', rules))).toEqual(['alumna', 'apoderado']);
  });
});
