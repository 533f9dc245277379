import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Screens rendered whole (the form with its editor and pickers) on a busy 2-core machine: a slow start, not a failure.
vi.setConfig({ testTimeout: 20_000 });
import { DateField } from '../../../src/features/events/DateField';
import { TimeField } from '../../../src/forms/TimeField';
import { formatTime, parseTime } from '../../../src/forms/timeText';

afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

function inLocale(locale: string) {
  i18n.loadAndActivate({ locale, messages: {} });
}

function renderWithState(field: (value: string, set: (v: string) => void) => React.ReactNode, initial: string) {
  const seen: string[] = [];
  function Holder() {
    const [value, setValue] = useState(initial);
    return field(value, (next) => {
      seen.push(next);
      setValue(next);
    });
  }
  render(
    <I18nProvider i18n={i18n}>
      <Holder />
    </I18nProvider>,
  );
  return seen;
}

describe('typing a time', () => {
  it('reads the ways people write times, in 24 or 12 hours', () => {
    expect(parseTime('6pm', 'en')).toBe('18:00');
    expect(parseTime('18.30', 'en')).toBe('18:30');
    expect(parseTime('6:30 pm', 'en')).toBe('18:30');
    expect(parseTime('12:00 am', 'en')).toBe('00:00');
    expect(parseTime('12 pm', 'en')).toBe('12:00');
    expect(parseTime('18h30', 'fr')).toBe('18:30');
    expect(parseTime('1830', 'es')).toBe('18:30');
    expect(parseTime('6:30 p. m.', 'es')).toBe('18:30');
    expect(parseTime('下午6:30', 'zh-CN')).toBe('18:30');
    expect(parseTime('١٨:٣٠', 'ar')).toBe('18:30');
    for (const bad of ['', 'tea time', '25:00', '13pm', '6:75', '6 xm']) expect(parseTime(bad, 'en')).toBeNull();
  });

  it('writes a time as the page language does: 12-hour in English, 24-hour in Spanish', () => {
    expect(formatTime('18:30', 'en')).toMatch(/^6:30\sPM$/);
    expect(formatTime('18:30', 'es')).toBe('18:30');
    expect(formatTime('18:30', 'de')).toBe('18:30');
  });

  it('shows "6pm" as 6:00 PM once the field is left and keeps 18:00', () => {
    const seen = renderWithState((value, set) => <TimeField label="Start time" name="start_time" value={value} onChange={set} />, '09:00');
    const input = screen.getByLabelText<HTMLInputElement>('Start time');
    expect(input.value).toMatch(/^9:00\sAM$/);
    fireEvent.change(input, { target: { value: '6pm' } });
    fireEvent.blur(input);
    expect(seen.at(-1)).toBe('18:00');
    expect(input.value).toMatch(/^6:00\sPM$/);
  });

  it('says so when what was typed is not a time, and keeps no time', () => {
    const seen = renderWithState((value, set) => <TimeField label="Start time" name="start_time" value={value} onChange={set} />, '09:00');
    const input = screen.getByLabelText<HTMLInputElement>('Start time');
    fireEvent.change(input, { target: { value: 'noonish' } });
    fireEvent.blur(input);
    expect(seen.at(-1)).toBe('');
    expect(input.value).toBe('noonish');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(error?.textContent).toMatch(/^Enter a time such as 6:30\sPM\.$/);
  });

  it('offers every half hour to choose from', () => {
    const seen = renderWithState((value, set) => <TimeField label="End time" name="end_time" value={value} onChange={set} />, '10:00');
    const list = screen.getByLabelText<HTMLSelectElement>('End time: choose from the list');
    expect(list.options).toHaveLength(49);
    fireEvent.change(list, { target: { value: '14:30' } });
    expect(seen.at(-1)).toBe('14:30');
    expect(screen.getByLabelText<HTMLInputElement>('End time').value).toMatch(/^2:30\sPM$/);
  });

  it('shows Spanish times in 24 hours', () => {
    inLocale('es');
    renderWithState((value, set) => <TimeField label="Hora" name="start_time" value={value} onChange={set} />, '18:30');
    expect(screen.getByLabelText<HTMLInputElement>('Hora').value).toBe('18:30');
  });
});

describe('choosing a date', () => {
  it('shows Spanish month names and weeks that start on Monday, whatever the browser speaks', async () => {
    inLocale('es');
    const seen = renderWithState((value, set) => <DateField label="Fecha" name="start" value={value} onChange={set} />, '2026-11-18');
    const button = screen.getByRole('button', { name: /^Fecha/ });
    expect(button.textContent).toMatch(/mié.*18.*nov.*2026/);
    fireEvent.click(button);
    // The Spanish names come with date-fns' Spanish locale, loaded on demand: a busy machine may draw the grid first.
    const grid = await screen.findByRole('grid', { name: /noviembre 2026/i }, { timeout: 10_000 });
    // The weekday row (hidden from screen readers: each day's name says its weekday).
    // Waited for too: the grid's caption may be Spanish a render before the weekdays are.
    await waitFor(() => expect(grid.querySelector('th')?.getAttribute('aria-label')).toBe('lunes'), { timeout: 10_000 });
    expect(Array.from(grid.querySelectorAll('th'))[6]!.getAttribute('aria-label')).toBe('domingo');
    // The chosen day is focused, so the arrows move from it.
    expect(document.activeElement?.closest('[data-day]')?.getAttribute('data-day')).toBe('2026-11-18');

    fireEvent.click(within(grid.querySelector('[data-day="2026-11-20"]')!).getByRole('button'));
    expect(seen).toEqual(['2026-11-20']);
    expect(screen.queryByRole('grid')).toBeNull();
    expect(button.textContent).toMatch(/vie.*20.*nov.*2026/);
  });

  it('shows Arabic month names, right to left, weeks from Monday', async () => {
    inLocale('ar');
    renderWithState((value, set) => <DateField label="التاريخ" name="start" value={value} onChange={set} />, '2026-11-18');
    fireEvent.click(screen.getByRole('button', { name: /^التاريخ/ }));
    const grid = await screen.findByRole('grid', { name: /نوفمبر/ }, { timeout: 10_000 });
    expect(grid.closest('.rdp-root')?.getAttribute('dir')).toBe('rtl');
    expect(grid.querySelector('th')?.getAttribute('aria-label')).toBe('الاثنين');
  });

  it('says what is wrong with it next to it', () => {
    renderWithState((value, set) => <DateField label="Last date" name="repeat.until" value={value} onChange={set} error="Please enter a valid date." />, '');
    const button = screen.getByRole('button', { name: /^Last date/ });
    expect(button.textContent).toBe('Choose a date');
    expect(button.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe('Please enter a valid date.');
  });
});
