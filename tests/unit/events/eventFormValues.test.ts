import { describe, expect, it } from 'vitest';
import { eventFields } from '../../../contract/events';
import { emptyEventValues, toFieldsInput, valuesFrom, withAllDay, withStart } from '../../../src/features/events/eventFormValues';

const santiago = 'America/Santiago';

describe('a new event', () => {
  it('starts at the next full hour in the school’s zone and lasts an hour', () => {
    // 14:23 UTC is 11:23 in Santiago (summer time, UTC-3).
    const values = emptyEventValues(new Date('2026-11-24T14:23:00Z'), santiago);
    expect(values).toMatchObject({
      startDay: '2026-11-24',
      startTime: '12:00',
      endDay: '2026-11-24',
      endTime: '13:00',
      all_day: false,
      repeat: 'none',
      calendar_sync: true,
    });
    // Late in the evening it starts tomorrow at midnight.
    expect(emptyEventValues(new Date('2026-11-25T02:40:00Z'), santiago)).toMatchObject({ startDay: '2026-11-25', startTime: '00:00', endTime: '01:00' });
  });

  it('starts at 09:00 on the day the calendar asked for', () => {
    expect(emptyEventValues(new Date('2026-11-24T14:23:00Z'), santiago, '2026-12-10')).toMatchObject({
      startDay: '2026-12-10',
      startTime: '09:00',
      endTime: '10:00',
    });
  });
});

describe('changing when it happens', () => {
  const base = { ...emptyEventValues(new Date('2026-11-24T14:23:00Z'), santiago), startTime: '18:00', endTime: '19:30' };

  it('moves the end with the start, keeping the length', () => {
    expect(withStart(base, { startTime: '23:00' })).toMatchObject({ startTime: '23:00', endDay: '2026-11-25', endTime: '00:30' });
    expect(withStart(base, { startDay: '2026-12-01' })).toMatchObject({ endDay: '2026-12-01', endTime: '19:30' });
  });

  it('keeps the days when it becomes all day, and gives back the times when it stops being', () => {
    const allDay = withAllDay(base, true);
    expect(allDay).toMatchObject({ all_day: true, startDay: '2026-11-24', endDay: '2026-11-24' });
    expect(withAllDay(allDay, false)).toMatchObject({ all_day: false, startTime: '18:00', endTime: '19:30' });
    // An evening ending at midnight is one day, not two.
    expect(withAllDay({ ...base, startTime: '22:00', endDay: '2026-11-25', endTime: '00:00' }, true)).toMatchObject({ endDay: '2026-11-24' });
    // An all-day event that never had times gets the morning.
    expect(withAllDay({ ...allDay, startTime: '', endTime: '' }, false)).toMatchObject({ startTime: '09:00', endTime: '10:00' });
  });

  it('moves a multi-day all-day event by whole days', () => {
    const trip = { ...withAllDay(base, true), endDay: '2026-11-26' };
    expect(withStart(trip, { startDay: '2026-12-07' })).toMatchObject({ startDay: '2026-12-07', endDay: '2026-12-09' });
  });
});

describe('what the form sends', () => {
  it('sends wall times and one end of the repetition, as the contract wants', () => {
    const values = {
      ...emptyEventValues(new Date('2026-11-24T14:23:00Z'), santiago),
      name: 'Taller de ajedrez',
      category: 'activity' as const,
      repeat: 'weekly' as const,
      repeatEnd: 'count' as const,
      count: '8',
      scope: 'college' as const,
      section_ids: ['sec-1a'],
    };
    const parsed = eventFields.parse(toFieldsInput(values, ''));
    expect(parsed).toMatchObject({ start: '2026-11-24T12:00', end: '2026-11-24T13:00', repeat: { freq: 'weekly', count: 8 }, section_ids: [] });
    expect(parsed.repeat).not.toHaveProperty('until');
  });

  it('reads the form back from an event, and from a refused change’s arguments', () => {
    const fallback = emptyEventValues(new Date('2026-11-24T14:23:00Z'), santiago);
    const values = valuesFrom(
      { name: 'Feria', all_day: true, start: '2026-12-04', end: '2026-12-05', repeat: { freq: 'monthly', until: '2027-06-30' }, category: 'culture' },
      fallback,
    );
    expect(values).toMatchObject({
      name: 'Feria',
      all_day: true,
      startDay: '2026-12-04',
      endDay: '2026-12-05',
      startTime: '',
      repeat: 'monthly',
      repeatEnd: 'until',
      until: '2027-06-30',
      category: 'culture',
    });
    expect(valuesFrom({ name: 7, start: 'soon', scope: 'nobody' }, fallback)).toMatchObject({ name: '', startDay: fallback.startDay, scope: 'everyone' });
  });
});
