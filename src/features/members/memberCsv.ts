import Papa from 'papaparse';
import type { MemberImportRow, MemberRow } from '../../../contract/members';
import { foldText } from './memberList';
import type { MemberReference } from './memberQueries';

/**
 * Members as CSV, on the device, with papaparse (a kept parser: quoted cells with commas
 * and line breaks, a byte-order mark, `;` from a Spanish Excel, all handled). The columns
 * are the import's (contract/members.ts `importColumns`), so an exported file can be
 * edited and imported again. Loaded with the import screen, or on "Export CSV".
 */

/** The import's columns, in the order an export writes them. Kept here (not read from the contract) so the list's chunk loads no zod. */
export const importColumnOrder = [
  'name',
  'first_lastname',
  'second_lastname',
  'email',
  'rut',
  'phone',
  'birthdate',
  'role',
  'place',
  'sections',
  'children',
] as const;
export type ImportColumn = (typeof importColumnOrder)[number];

export interface ParsedCsv {
  rows: MemberImportRow[];
  /** Headers of the file that are no column of ours (ignored), as written. */
  unknownHeaders: string[];
  /** Our columns the file lacks. */
  missingColumns: ImportColumn[];
  /** papaparse's complaints (an unclosed quote), with the file's line. */
  problems: { line: number; message: string }[];
}

/** A header as matched: trimmed, lower case, no accents, `_`/`-` runs as spaces allowed. */
export function headerKey(header: string): string {
  return foldText(header.replace(/^\uFEFF/, '').trim()).replace(/\s+/g, ' ');
}

/** Which of our columns a header names (`importColumns` of the contract), or null. */
export function columnOf(header: string, columns: Readonly<Record<ImportColumn, readonly string[]>>): ImportColumn | null {
  const key = headerKey(header);
  for (const column of importColumnOrder) {
    if (columns[column].some((name) => name === key || name === key.replace(/ /g, '_'))) return column;
  }
  return null;
}

/** Reads a CSV file's text into import rows; every cell a string as typed (trimmed). */
export function parseMembersCsv(text: string, columns: Readonly<Record<ImportColumn, readonly string[]>>): ParsedCsv {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header = [], ...body] = result.data;
  const mapped = header.map((name) => columnOf(name, columns));
  const unknownHeaders = header.filter((name, index) => mapped[index] === null && name.trim() !== '');
  const missingColumns = importColumnOrder.filter((column) => !mapped.includes(column));
  const rows = body.map((cells) => {
    const row = Object.fromEntries(importColumnOrder.map((column) => [column, ''])) as MemberImportRow;
    cells.forEach((cell, index) => {
      const column = mapped[index];
      if (column) row[column] = cell.trim();
    });
    return row;
  });
  const problems = result.errors.map((error) => ({ line: (error.row ?? 0) + 2, message: error.message }));
  return { rows, unknownHeaders, missingColumns, problems };
}

/** CSV text with a byte-order mark, so Excel reads accents as UTF-8. */
export function toCsv(rows: readonly Record<ImportColumn, string>[], extra: readonly string[] = []): string {
  return `\uFEFF${Papa.unparse({ fields: [...importColumnOrder, ...extra], data: rows.map((row) => [...importColumnOrder.map((column) => row[column]), ...extra.map((name) => (row as Record<string, string>)[name] ?? '')]) })}`;
}

/** Members as import rows: the place by name, sections as "4° Básico A", a guardian's children by rut or email. */
export function membersAsImportRows(
  members: readonly MemberRow[],
  { rows: everyone, reference }: { rows: readonly MemberRow[]; reference: MemberReference },
): Record<ImportColumn, string>[] {
  const places = new Map(reference.places.map((place) => [place.id, place.name]));
  const sections = new Map(reference.sections.map((section) => [section.id, section.label]));
  const byId = new Map(everyone.map((row) => [row.id, row]));
  return members.map((member) => {
    const childIds = new Set(member.child_ids);
    const children = member.child_ids.map((id) => byId.get(id)).filter((child): child is MemberRow => child !== undefined);
    // A guardian's own sections: those that come with the children are written as children.
    const inherited = new Set(children.flatMap((child) => child.section_ids));
    return {
      name: member.name,
      first_lastname: member.first_lastname,
      second_lastname: member.second_lastname,
      email: member.email,
      rut: member.rut ?? '',
      phone: member.phone,
      birthdate: member.birthdate ?? '',
      role: member.role,
      place: member.place_id ? (places.get(member.place_id) ?? '') : '',
      sections: member.section_ids
        .filter((id) => !inherited.has(id))
        .map((id) => sections.get(id))
        .filter(Boolean)
        .join('; '),
      children: childIds.size > 0 ? children.map((child) => child.rut ?? child.email).join('; ') : '',
    };
  });
}

/** Saves a CSV text as a file (an object URL clicked, then released). */
export function saveCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "Export CSV" of the list as filtered: made from the device's copy, so it works offline. */
export function downloadMembersCsv(
  members: readonly MemberRow[],
  context: { rows: readonly MemberRow[]; reference: MemberReference },
  today = new Date(),
): void {
  saveCsv(toCsv(membersAsImportRows(members, context)), `members-${today.toISOString().slice(0, 10)}.csv`);
}
