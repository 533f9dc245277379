/**
 * The statistics screen's figures as tables: the same rows feed the accessible <table>
 * under each chart and its CSV file, so the two never disagree. Pure functions, no React.
 */

export type Cell = string | number;

export interface FigureTable {
  /** The table's caption and the CSV file's first word. */
  caption: string;
  columns: readonly { label: string; numeric?: boolean }[];
  rows: readonly (readonly Cell[])[];
}

/** A CSV cell: quoted when it holds a comma, a quote or a line break (RFC 4180). */
function csvCell(value: Cell): string {
  const text = String(value);
  // A leading =, +, - or @ makes spreadsheets run the cell as a formula: prefix a quote.
  const safe = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The table as CSV: a UTF-8 byte order mark (so spreadsheets read accents and Arabic), a header row, CRLF lines. */
export function toCsv(table: FigureTable): string {
  const lines = [table.columns.map((c) => csvCell(c.label)), ...table.rows.map((row) => row.map(csvCell))];
  return `\uFEFF${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`;
}

/** A file name for the table's CSV: `statistics-<what>-<from>-<to>.csv`. */
export function csvFileName(what: string, from: string, to: string): string {
  return `statistics-${what}-${from}-${to}.csv`;
}

/** Saves the CSV on the device (made here, nothing asked of the server). */
export function downloadCsv(table: FigureTable, fileName: string): void {
  const blob = new Blob([toCsv(table)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export type PeriodPreset = '7' | '30' | '90' | 'year' | 'custom';
export const periodPresets: readonly PeriodPreset[] = ['7', '30', '90', 'year', 'custom'];

/** Today as `YYYY-MM-DD` in `timeZone` (the college's), else the device's. */
export function todayIn(timeZone: string | undefined, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  }
}

/** `day` moved by `days` (calendar days, no time zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The days of a preset ending today (inclusive): the last 7, 30 or 90 days, or 1 January to today. */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, today: string): { from: string; to: string } {
  if (preset === 'year') return { from: `${today.slice(0, 4)}-01-01`, to: today };
  return { from: addDays(today, 1 - Number(preset)), to: today };
}
