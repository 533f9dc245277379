import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FigureTableView } from '../../../src/features/statistics/FigureTableView';
import { addDays, csvFileName, presetPeriod, toCsv, todayIn, type FigureTable } from '../../../src/features/statistics/figures';

const table: FigureTable = {
  caption: 'Most read posts, 2026-09-01 – 2026-09-30',
  columns: [{ label: 'Post' }, { label: 'Readers in the period', numeric: true }, { label: 'Readers in all', numeric: true }],
  rows: [
    ['Reunión de apoderados, "urgente"', 12, 40],
    ['اجتماع أولياء الأمور', 3, 3],
    ['=HYPERLINK("x")', 1, 1],
  ],
};

describe('statistics figures', () => {
  it('writes CSV with a UTF-8 BOM, a header row, quoted cells and CRLF lines', () => {
    const csv = toCsv(table);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Post,Readers in the period,Readers in all',
      '"Reunión de apoderados, ""urgente""",12,40',
      'اجتماع أولياء الأمور,3,3',
      `"'=HYPERLINK(""x"")",1,1`,
      '',
    ]);
    expect(csvFileName('hours', '2026-09-01', '2026-09-30')).toBe('statistics-hours-2026-09-01-2026-09-30.csv');
  });

  it('computes the preset periods, ending today inclusive', () => {
    expect(presetPeriod('7', '2026-03-03')).toEqual({ from: '2026-02-25', to: '2026-03-03' });
    expect(presetPeriod('30', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(presetPeriod('year', '2026-11-26')).toEqual({ from: '2026-01-01', to: '2026-11-26' });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    // 02:00 UTC on 1 January is still 31 December in Santiago.
    expect(todayIn('America/Santiago', new Date('2027-01-01T02:00:00Z'))).toBe('2026-12-31');
    expect(todayIn('Not/AZone', new Date('2027-01-01T12:00:00Z'))).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('shows the same rows as an accessible table with a caption, column and row headers, and a CSV button', () => {
    render(
      <I18nProvider i18n={i18n}>
        <FigureTableView table={table} fileName="statistics-posts.csv" />
      </I18nProvider>,
    );
    const shown = screen.getByRole('table', { name: table.caption });
    expect(
      within(shown)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Post', 'Readers in the period', 'Readers in all']);
    expect(
      within(shown)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(table.rows.map((row) => row[0]));
    const cells = within(shown).getAllByRole('cell');
    expect(cells.map((td) => td.textContent)).toEqual(['12', '40', '3', '3', '1', '1']);
    expect(cells[0]).toHaveProperty('className', 'numeric');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });
});
