import { describe, expect, it } from 'vitest';
import { defaultMessengerRules, heldByStaffHours, setMessengerRulesArgs, staffHoursOpening, type StaffHours } from '../../../contract/messengerRules';
import { messages } from '../../../contract/messages';

const weekdays: StaffHours = { staff_hours_on: true, staff_hours_days: [1, 2, 3, 4, 5], staff_hours_start: '08:00', staff_hours_end: '17:00' };
const santiago = 'America/Santiago';

describe('staffHoursOpening', () => {
  it('is null inside the hours and when the college keeps none', () => {
    // Wednesday 2026-11-25 10:30 in Santiago (UTC-3 in summer).
    expect(staffHoursOpening(weekdays, santiago, new Date('2026-11-25T13:30:00Z'))).toBeNull();
    expect(staffHoursOpening({ ...weekdays, staff_hours_on: false }, santiago, new Date('2026-11-28T13:30:00Z'))).toBeNull();
  });

  it('is the same day at the start before it, the next working day after the end, Monday over a weekend', () => {
    // Wednesday 06:59 → Wednesday 08:00.
    expect(staffHoursOpening(weekdays, santiago, new Date('2026-11-25T09:59:00Z'))?.toISOString()).toBe('2026-11-25T11:00:00.000Z');
    // Wednesday 17:00 (the end is not inside) → Thursday 08:00.
    expect(staffHoursOpening(weekdays, santiago, new Date('2026-11-25T20:00:00Z'))?.toISOString()).toBe('2026-11-26T11:00:00.000Z');
    // Friday 22:00 → Monday 08:00.
    expect(staffHoursOpening(weekdays, santiago, new Date('2026-11-28T01:00:00Z'))?.toISOString()).toBe('2026-11-30T11:00:00.000Z');
  });

  it("reads the days and hours in the college's zone, across a change of the clocks", () => {
    // Saturday 2026-09-05 21:00 in Santiago (UTC-4); the clocks go forward that night, so Monday 08:00 is UTC-3.
    expect(staffHoursOpening(weekdays, santiago, new Date('2026-09-06T01:00:00Z'))?.toISOString()).toBe('2026-09-07T11:00:00.000Z');
    // The same instant is already Sunday in Madrid: Monday 08:00 there.
    expect(staffHoursOpening(weekdays, 'Europe/Madrid', new Date('2026-09-06T01:00:00Z'))?.toISOString()).toBe('2026-09-07T06:00:00.000Z');
  });

  it('opens a week later when the one day of the hours has just ended, and keeps the whole day with 24:00', () => {
    const mondays: StaffHours = { ...weekdays, staff_hours_days: [1], staff_hours_start: '00:00', staff_hours_end: '24:00' };
    // Monday 2026-11-30 23:59 is inside; Tuesday 00:00 waits for the next Monday.
    expect(staffHoursOpening(mondays, 'UTC', new Date('2026-11-30T23:59:00Z'))).toBeNull();
    expect(staffHoursOpening(mondays, 'UTC', new Date('2026-12-01T00:00:00Z'))?.toISOString()).toBe('2026-12-07T00:00:00.000Z');
  });
});

describe('heldByStaffHours', () => {
  const guardian = { userId: 'g', userRole: 'guardian' as const };
  it("holds a guardian's message where another member is staff or an administrator, and nobody else's", () => {
    expect(heldByStaffHours(guardian, [guardian, { userId: 't', userRole: 'staff' }])).toBe(true);
    expect(heldByStaffHours(guardian, [guardian, { userId: 'a', userRole: 'admin' }])).toBe(true);
    expect(heldByStaffHours(guardian, [guardian, { userId: 'h', userRole: 'guardian' }, { userId: 's', userRole: 'student' }])).toBe(false);
    expect(heldByStaffHours({ userId: 't', userRole: 'staff' }, [guardian, { userId: 't', userRole: 'staff' }])).toBe(false);
  });
});

describe('setMessengerRulesArgs', () => {
  it('names what is wrong with hours that cannot be kept', () => {
    const issues = (hours: Partial<StaffHours>) =>
      setMessengerRulesArgs.safeParse({ ...defaultMessengerRules, ...hours }).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ staff_hours_on: true, staff_hours_days: [] })).toEqual([['staff_hours_days', messages.messengerHoursDays]]);
    expect(issues({ staff_hours_start: '12:00', staff_hours_end: '12:00' })).toEqual([['staff_hours_end', messages.messengerHoursOrder]]);
    expect(issues({ staff_hours_start: '7:00' })).toEqual([['staff_hours_start', messages.messengerHoursTime]]);
    expect(issues({ staff_hours_days: [0] })?.[0]?.[0]).toBe('staff_hours_days.0');
    // Off, no day is needed; a day named twice counts once.
    expect(issues({ staff_hours_on: false, staff_hours_days: [] })).toBeUndefined();
    expect(issues({ staff_hours_days: [2, 2] })).toBeUndefined();
  });
});
