import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../../contract/errors';
import { lastDayOf, occurrencesBetween, rruleText, type Recurring } from '../../../contract/eventRecurrence';
import { eventFields, type EventFieldsInput } from '../../../contract/events';
import { instantOf, wallIn } from '../../../contract/eventTime';
import { messages } from '../../../contract/messages';

const santiago = 'America/Santiago';

const timed = (start: string, end: string, more: Partial<Recurring> = {}): Recurring => ({ all_day: false, start, end, repeat: null, exceptions: [], ...more });
const allDay = (start: string, end: string, more: Partial<Recurring> = {}): Recurring => ({ all_day: true, start, end, repeat: null, exceptions: [], ...more });
const starts = (event: Recurring, from: string, to: string) => occurrencesBetween(event, from, to).map((o) => o.start);

describe('occurrences of an event', () => {
  it('keeps a weekly 18:00 event at 18:00 across the September change, its instant an hour earlier', () => {
    // Santiago, first Sunday of September 2026: clocks go from 00:00 to 01:00 (-04 → -03).
    const weekly = timed('2026-08-25T18:00', '2026-08-25T19:30', { repeat: { freq: 'weekly', count: 4 } });
    const occurrences = occurrencesBetween(weekly, '2026-08-01', '2026-09-30');
    expect(occurrences.map((o) => [o.start, o.end])).toEqual([
      ['2026-08-25T18:00', '2026-08-25T19:30'],
      ['2026-09-01T18:00', '2026-09-01T19:30'],
      ['2026-09-08T18:00', '2026-09-08T19:30'],
      ['2026-09-15T18:00', '2026-09-15T19:30'],
    ]);
    expect(occurrences.map((o) => instantOf(o.start, santiago).toISOString())).toEqual([
      '2026-08-25T22:00:00.000Z',
      '2026-09-01T22:00:00.000Z',
      '2026-09-08T21:00:00.000Z',
      '2026-09-15T21:00:00.000Z',
    ]);
  });

  it('keeps it at 18:00 across the April change too, its instant an hour later', () => {
    // First Sunday of April 2026: clocks go back from 00:00 to 23:00 (-03 → -04).
    const weekly = timed('2026-03-24T18:00', '2026-03-24T19:00', { repeat: { freq: 'weekly', until: '2026-04-14' } });
    const occurrences = starts(weekly, '2026-03-01', '2026-04-30');
    expect(occurrences).toEqual(['2026-03-24T18:00', '2026-03-31T18:00', '2026-04-07T18:00', '2026-04-14T18:00']);
    expect(occurrences.map((start) => instantOf(start, santiago).getUTCHours())).toEqual([21, 21, 22, 22]);
  });

  it('reads a time skipped by the change as the instant after the gap', () => {
    expect(wallIn(instantOf('2026-09-06T00:30', santiago), santiago)).toBe('2026-09-06T01:30');
    expect(instantOf('2026-09-05T23:30', santiago).toISOString()).toBe('2026-09-06T03:30:00.000Z');
    // The hour that happens twice in April is read once, at its first (summer) offset.
    expect(instantOf('2026-04-04T23:30', santiago).toISOString()).toBe('2026-04-05T02:30:00.000Z');
  });

  it('skips the months without a 31st in a monthly event on the 31st', () => {
    const monthly = timed('2026-01-31T10:00', '2026-01-31T11:00', { repeat: { freq: 'monthly', count: 6 } });
    expect(occurrencesBetween(monthly, '2026-01-01', '2026-12-31').map((o) => o.day)).toEqual([
      '2026-01-31',
      '2026-03-31',
      '2026-05-31',
      '2026-07-31',
      '2026-08-31',
      '2026-10-31',
    ]);
    expect(lastDayOf(monthly)).toBe('2026-10-31');
  });

  it('leaves out cancelled occurrences, which still count towards COUNT', () => {
    const weekly = timed('2026-09-01T08:00', '2026-09-01T09:00', { repeat: { freq: 'weekly', count: 4 }, exceptions: ['2026-09-08', '2026-09-22'] });
    expect(starts(weekly, '2026-09-01', '2026-12-31')).toEqual(['2026-09-01T08:00', '2026-09-15T08:00']);
    expect(lastDayOf(weekly)).toBe('2026-09-22');
  });

  it('finds all-day events of several days in every month they touch', () => {
    const camp = allDay('2026-10-30', '2026-11-02');
    expect(occurrencesBetween(camp, '2026-11-01', '2026-11-30')).toEqual([
      { start: '2026-10-30', end: '2026-11-02', day: '2026-10-30', firstDay: '2026-10-30', lastDay: '2026-11-02' },
    ]);
    expect(occurrencesBetween(camp, '2026-10-01', '2026-10-31')).toHaveLength(1);
    expect(occurrencesBetween(camp, '2026-11-03', '2026-11-30')).toEqual([]);
    expect(occurrencesBetween(camp, '2026-09-01', '2026-10-29')).toEqual([]);

    // Two days every week: the occurrence that began in the previous range still shows.
    const weekend = allDay('2026-10-31', '2026-11-01', { repeat: { freq: 'weekly', count: 3 } });
    expect(occurrencesBetween(weekend, '2026-11-01', '2026-11-30').map((o) => [o.firstDay, o.lastDay])).toEqual([
      ['2026-10-31', '2026-11-01'],
      ['2026-11-07', '2026-11-08'],
      ['2026-11-14', '2026-11-15'],
    ]);
    expect(lastDayOf(weekend)).toBe('2026-11-15');
  });

  it('says the last day an event covers', () => {
    expect(lastDayOf(timed('2026-09-01T22:00', '2026-09-02T01:00'))).toBe('2026-09-02');
    expect(lastDayOf(allDay('2026-09-18', '2026-09-20'))).toBe('2026-09-20');
    expect(lastDayOf(timed('2026-09-01T18:00', '2026-09-01T19:00', { repeat: { freq: 'weekly', until: '2026-09-29' } }))).toBe('2026-09-29');
    expect(lastDayOf(timed('2026-09-01T18:00', '2026-09-01T19:00', { repeat: { freq: 'weekly', until: '2026-09-28' } }))).toBe('2026-09-22');
  });
});

describe('the RRULE of a repetition', () => {
  it('writes COUNT, and UNTIL as a date for all-day events', () => {
    expect(rruleText({ freq: 'weekly', count: 10 }, false, santiago)).toBe('FREQ=WEEKLY;COUNT=10');
    expect(rruleText({ freq: 'monthly', until: '2026-12-31' }, true, santiago)).toBe('FREQ=MONTHLY;UNTIL=20261231');
  });

  it('writes UNTIL of a timed event as the UTC instant that ends that day in its zone', () => {
    // 30 September 23:59 in Santiago (summer time, -03) is 1 October 02:59 UTC.
    expect(rruleText({ freq: 'weekly', until: '2026-09-30' }, false, santiago)).toBe('FREQ=WEEKLY;UNTIL=20261001T025900Z');
    // 30 June (winter, -04): 03:59 UTC.
    expect(rruleText({ freq: 'monthly', until: '2026-06-30' }, false, santiago)).toBe('FREQ=MONTHLY;UNTIL=20260701T035900Z');
  });
});

describe('the checks of an event’s times', () => {
  const valid: EventFieldsInput = {
    name: 'Reunión',
    category: 'meeting',
    all_day: false,
    start: '2026-09-01T18:00',
    end: '2026-09-01T19:00',
    course_ids: [],
    grade_ids: [],
    section_ids: [],
    scope: 'college',
  };
  const errorsOf = (changes: Partial<EventFieldsInput>) => {
    const result = eventFields.safeParse({ ...valid, ...changes });
    return result.success ? {} : fieldErrors(result.error.issues);
  };

  it('accepts a valid event, and an all-day event of one day', () => {
    expect(errorsOf({})).toEqual({});
    expect(errorsOf({ all_day: true, start: '2026-09-18', end: '2026-09-18' })).toEqual({});
    expect(errorsOf({ repeat: { freq: 'weekly', count: 2 } })).toEqual({});
    expect(errorsOf({ repeat: { freq: 'monthly', until: '2028-09-01' } })).toEqual({});
  });

  it('refuses an end before (or, for a timed event, at) the start, and an event longer than a year', () => {
    expect(errorsOf({ end: '2026-09-01T17:59' })).toEqual({ end: [messages.eventEndBeforeStart] });
    expect(errorsOf({ end: '2026-09-01T18:00' })).toEqual({ end: [messages.eventEndBeforeStart] });
    expect(errorsOf({ all_day: true, start: '2026-09-18', end: '2026-09-17' })).toEqual({ end: [messages.eventEndBeforeStart] });
    expect(errorsOf({ end: '2027-09-03T18:00' })).toEqual({ end: [messages.eventTooLong] });
    expect(errorsOf({ all_day: true, start: '2026-01-01', end: '2027-01-02' })).toEqual({});
    expect(errorsOf({ all_day: true, start: '2026-01-01', end: '2027-01-03' })).toEqual({ end: [messages.eventTooLong] });
  });

  it('wants a repetition to end once: on a date or after 2 to 500 times', () => {
    expect(errorsOf({ repeat: { freq: 'weekly' } })).toEqual({ repeat: [messages.eventRepeatEnd] });
    expect(errorsOf({ repeat: { freq: 'weekly', count: 3, until: '2026-10-01' } })).toEqual({ repeat: [messages.eventRepeatEnd] });
    expect(errorsOf({ repeat: { freq: 'weekly', count: 1 } })).toEqual({ 'repeat.count': [messages.eventRepeatCount] });
    expect(errorsOf({ repeat: { freq: 'weekly', count: 500 } })).toEqual({});
    expect(errorsOf({ repeat: { freq: 'weekly', count: 501 } })).toEqual({ 'repeat.count': [messages.eventRepeatCount] });
  });

  it('wants UNTIL on or after the start day and within two years', () => {
    expect(errorsOf({ repeat: { freq: 'weekly', until: '2026-09-01' } })).toEqual({});
    expect(errorsOf({ repeat: { freq: 'weekly', until: '2026-08-31' } })).toEqual({ 'repeat.until': [messages.eventRepeatUntil] });
    expect(errorsOf({ repeat: { freq: 'weekly', until: '2028-09-02' } })).toEqual({});
    expect(errorsOf({ repeat: { freq: 'weekly', until: '2028-09-03' } })).toEqual({ 'repeat.until': [messages.eventRepeatUntil] });
    expect(errorsOf({ repeat: { freq: 'weekly', until: '2026-09-31' } })).toEqual({ 'repeat.until': [messages.eventRepeatUntil] });
  });

  it('refuses days that are not in the calendar', () => {
    expect(errorsOf({ all_day: true, start: '2026-02-30', end: '2026-03-01' })).toEqual({ start: [messages.eventStartInvalid] });
    expect(errorsOf({ start: '2026-02-29T10:00', end: '2026-03-01T10:00' })).toEqual({ start: [messages.eventStartInvalid] });
    expect(errorsOf({ end: '2026-09-01T24:00' })).toEqual({ end: [messages.eventEndInvalid] });
    expect(errorsOf({ exceptions: ['2026-09-08', '2026-13-01'] })).toEqual({ 'exceptions.1': [messages.dateInvalid] });
  });

  it('wants the start and end in the form all_day says', () => {
    expect(errorsOf({ all_day: true })).toEqual({ start: [messages.eventStartInvalid], end: [messages.eventEndInvalid] });
    expect(errorsOf({ start: '2026-09-01', end: '2026-09-01' })).toEqual({ start: [messages.eventStartInvalid], end: [messages.eventEndInvalid] });
    expect(errorsOf({ end: '2026-09-02' })).toEqual({ end: [messages.eventEndInvalid] });
  });
});
