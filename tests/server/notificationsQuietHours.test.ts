import { describe, expect, it } from 'vitest';
import { instantOf } from '../../contract/eventTime';
import { pushDueAt } from '../../server/push/quietHours';

const zone = 'America/Santiago';
const at = (wall: string) => instantOf(wall, zone);
const night = { quiet_hours: true, quiet_start: '21:00', quiet_end: '07:00' };

describe('quiet hours', () => {
  it('holds a push sent in the evening or after midnight until the night ends, in the college’s time', () => {
    expect(pushDueAt(at('2026-03-10T21:00'), zone)).toEqual(at('2026-03-11T07:00'));
    expect(pushDueAt(at('2026-03-10T23:59'), zone, night)).toEqual(at('2026-03-11T07:00'));
    expect(pushDueAt(at('2026-03-11T03:15'), zone)).toEqual(at('2026-03-11T07:00'));
    expect(pushDueAt(at('2026-03-11T06:59'), zone)).toEqual(at('2026-03-11T07:00'));
  });

  it('pushes at once outside the hours, at their end, or when they are off', () => {
    for (const wall of ['2026-03-11T07:00', '2026-03-11T12:00', '2026-03-11T20:59']) expect(pushDueAt(at(wall), zone)).toEqual(at(wall));
    expect(pushDueAt(at('2026-03-10T23:00'), zone, { ...night, quiet_hours: false })).toEqual(at('2026-03-10T23:00'));
  });

  it('keeps a window within one day (a siesta) and one that ends at midnight', () => {
    const siesta = { quiet_hours: true, quiet_start: '13:00', quiet_end: '15:30' };
    expect(pushDueAt(at('2026-03-11T14:00'), zone, siesta)).toEqual(at('2026-03-11T15:30'));
    expect(pushDueAt(at('2026-03-11T12:59'), zone, siesta)).toEqual(at('2026-03-11T12:59'));
    expect(pushDueAt(at('2026-03-11T22:00'), zone, { quiet_hours: true, quiet_start: '22:00', quiet_end: '00:00' })).toEqual(at('2026-03-12T00:00'));
  });

  it('reads the hours in the college’s zone, across daylight-saving changes', () => {
    // Santiago moves its clocks from 00:00 to 01:00 on 6 September 2026: a night ending at
    // 00:30, which that day does not have, ends at 01:30 (-03), and 07:00 is 07:00 on the new time.
    expect(pushDueAt(at('2026-09-05T23:00'), zone, { quiet_hours: true, quiet_start: '22:00', quiet_end: '00:30' }).toISOString()).toBe(
      '2026-09-06T04:30:00.000Z',
    );
    expect(pushDueAt(at('2026-09-05T23:00'), zone).toISOString()).toBe('2026-09-06T10:00:00.000Z');
    // The same instant is 02:00 in Santiago (quiet) and 05:00 in Madrid (quiet), 14:00 in Auckland (not).
    const instant = new Date('2026-03-11T05:00:00Z');
    expect(pushDueAt(instant, 'Pacific/Auckland')).toEqual(instant);
    expect(pushDueAt(instant, 'Europe/Madrid').toISOString()).toBe('2026-03-11T06:00:00.000Z');
  });
});
