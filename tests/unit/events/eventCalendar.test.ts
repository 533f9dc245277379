import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarText, calendarUid, plainTextOf } from '../../../contract/eventCalendar';
import type { Event } from '../../../contract/events';

const base: Event = {
  id: '01929b3c-7e10-7000-8000-000000000001',
  college_id: '01929b3c-7e10-7000-8000-0000000000c1',
  name: 'Taller de robótica; nivel 1, grupo A',
  description:
    '<p>Traer &amp; devolver el kit.</p><ul><li>Notebook</li><li>Cargador</li></ul><p><a href="https://colinas.example/kit?a=1&amp;b=2" rel="noopener noreferrer">Lista</a></p>',
  location: 'Laboratorio',
  category: 'activity',
  all_day: false,
  start: '2026-09-01T15:30',
  end: '2026-09-01T17:00',
  time_zone: 'America/Santiago',
  repeat: null,
  exceptions: [],
  calendar_sync: false,
  course_ids: [],
  grade_ids: [],
  section_ids: [],
  scope: 'college',
  sequence: 2,
  author_id: '',
  author_name: 'Daniel Méndez',
  created_at: '2026-08-01T12:00:00.000Z',
  updated_at: '2026-08-02T12:00:00.000Z',
};
const options = { calendarName: 'Colegio Las Colinas', appUrl: 'https://colinas.example' };

const veventsOf = (text: string) => ICAL.Component.fromString(text).getAllSubcomponents('vevent');

describe('the calendar file of events', () => {
  it('writes one event for an "Add to calendar" download, whatever its calendar_sync', () => {
    const text = calendarText([base], options);
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    const [vevent] = veventsOf(text);
    const event = new ICAL.Event(vevent);
    expect([event.uid, event.sequence, event.summary, event.location]).toEqual([calendarUid(base.id), 2, base.name, 'Laboratorio']);
    expect(event.description).toBe('Traer & devolver el kit.\n\n• Notebook\n• Cargador\n\nLista (https://colinas.example/kit?a=1&b=2)');
    expect(vevent!.getFirstPropertyValue('url')).toBe(`https://colinas.example/events?event=${base.id}`);
    expect(vevent!.getFirstPropertyValue('dtstamp')!.toString()).toBe('2026-08-02T12:00:00Z');
    expect(vevent!.getFirstPropertyValue('created')!.toString()).toBe('2026-08-01T12:00:00Z');
    expect(vevent!.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('America/Santiago');
    expect(text).toContain('DTSTART;TZID=America/Santiago:20260901T153000\r\n');
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Santiago\r\n');
  });

  it('is the same text for the same events, so a feed’s ETag holds', () => {
    expect(calendarText([base], options)).toBe(calendarText([base], options));
  });

  it('escapes the calendar’s name and leaves out an address that is not http(s)', () => {
    const text = calendarText([base], { calendarName: 'A; B,\r\nX-EVIL:1', appUrl: 'javascript:alert(1)' });
    expect(text).toContain('X-WR-CALNAME:A\\; B\\, X-EVIL:1\r\n');
    expect(text).not.toMatch(/^X-EVIL/m);
    expect(text).not.toContain('URL;');
  });

  it('names an alias zone by the zone its VTIMEZONE defines, and writes floating times for an unknown zone', () => {
    const kiev = calendarText([{ ...base, time_zone: 'Europe/Kiev' }], options);
    expect(kiev).toContain('DTSTART;TZID=Europe/Kyiv:20260901T153000\r\n');
    expect(kiev).toContain('TZID:Europe/Kyiv\r\n');
    const unknown = calendarText(
      [{ ...base, time_zone: 'Mars/Olympus', repeat: { freq: 'weekly', until: '2026-09-29' }, exceptions: ['2026-09-08'] }],
      options,
    );
    expect(unknown).toContain('DTSTART:20260901T153000\r\n');
    expect(unknown).toContain('RRULE:FREQ=WEEKLY;UNTIL=20260929T235900\r\n');
    expect(unknown).toContain('EXDATE:20260908T153000\r\n');
    expect(unknown).not.toContain('VTIMEZONE');
  });

  it('writes an all-day repeating event as dates, its DTEND the day after the last', () => {
    const text = calendarText(
      [{ ...base, all_day: true, start: '2026-09-18', end: '2026-09-19', repeat: { freq: 'monthly', until: '2026-12-31' }, exceptions: ['2026-10-18'] }],
      options,
    );
    expect(text).toContain('DTSTART;VALUE=DATE:20260918\r\nDTEND;VALUE=DATE:20260920\r\n');
    expect(text).toContain('RRULE:FREQ=MONTHLY;UNTIL=20261231\r\nEXDATE;VALUE=DATE:20261018\r\n');
    expect(text).not.toContain('VTIMEZONE');
  });

  it('leaves out an event whose times cannot be read', () => {
    expect(
      veventsOf(
        calendarText(
          [
            { ...base, start: 'soon' },
            { ...base, id: 'b', all_day: true },
          ],
          options,
        ),
      ),
    ).toEqual([]);
  });
});

describe('the plain text of a description', () => {
  it('keeps paragraphs, breaks and bullets, and decodes entities', () => {
    expect(plainTextOf('<p>Uno<br>dos</p><h2>Tres &lt;4&gt; &#233;&#x41;</h2><ol><li>a</li></ol>')).toBe('Uno\ndos\n\nTres <4> éA\n\n• a');
    expect(plainTextOf('<p><a href="https://x.cl">https://x.cl</a></p>')).toBe('https://x.cl');
    expect(plainTextOf('')).toBe('');
  });
});
