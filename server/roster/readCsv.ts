/**
 * One OneRoster CSV file from its bytes to rows of named cells, or a refusal that names the
 * file and line. Decoding is strict UTF-8 (the binding's encoding): a UTF-8 BOM is dropped,
 * anything else that is not UTF-8 (a Latin-1 export, say) is refused rather than guessed, so
 * "García" never becomes "GarcÃ­a" in the members list. papaparse reads the quoting, so a
 * quote or a newline inside a field is one cell.
 */
import Papa from 'papaparse';
import { rosterFiles, type RosterFile } from './columns';

export type CsvRefusal =
  | { code: 'roster.encoding'; file: string; line: number }
  | { code: 'roster.malformedCsv'; file: string; line: number }
  | { code: 'roster.missingColumn'; file: string; line: 1; column: string }
  | { code: 'roster.unknownColumn'; file: string; line: 1; column: string };

export interface CsvRow {
  /** The line of the file where the row starts (1 is the header), as an editor shows it. */
  line: number;
  cells: Record<string, string>;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The line (1-based) holding the first byte that is not valid UTF-8. */
function badLine(bytes: Uint8Array): number {
  // Decode growing prefixes cut at newlines: the first prefix that fails ends on the bad line.
  let line = 1;
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === 0x0a) {
      try {
        utf8.decode(bytes.subarray(start, i));
      } catch {
        return line;
      }
      line++;
      start = i + 1;
    }
  }
  return line;
}

/** The text of a file: UTF-8, a byte-order mark dropped; anything else refused with the line of its first bad byte. */
export function decodeCsv(file: string, bytes: Uint8Array): { text: string } | { refusal: Extract<CsvRefusal, { code: 'roster.encoding' }> } {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return { text: utf8.decode(body) };
  } catch {
    return { refusal: { code: 'roster.encoding', file, line: badLine(body) } };
  }
}

/** The rows of one of the six files Patio reads, its header checked against the binding. */
export function readRosterCsv(kind: RosterFile, bytes: Uint8Array): { rows: CsvRow[] } | { refusal: CsvRefusal } {
  const file = `${kind}.csv`;
  const decoded = decodeCsv(file, bytes);
  if ('refusal' in decoded) return decoded;
  // Blank lines are kept (and skipped below) so that every record's line can be counted.
  const parsed = Papa.parse<string[]>(decoded.text, { skipEmptyLines: false });
  // papaparse gives records, not lines: a record starts one line after the previous one's
  // last line, and the newlines inside its quoted cells push the next one down.
  const lines: number[] = [];
  let next = 1;
  for (const record of parsed.data) {
    lines.push(next);
    next += 1 + record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
  }
  const quoteError = parsed.errors.find((e) => e.type === 'Quotes');
  if (quoteError) return { refusal: { code: 'roster.malformedCsv', file, line: lines[quoteError.row ?? 0] ?? 1 } };
  const [header = [], ...records] = parsed.data;
  const spec = rosterFiles[kind];
  const known = new Set<string>(spec.columns);
  const unknown = header.find((c) => !known.has(c));
  if (unknown !== undefined) return { refusal: { code: 'roster.unknownColumn', file, line: 1, column: unknown } };
  const missing = spec.required.find((c) => !header.includes(c));
  if (missing !== undefined) return { refusal: { code: 'roster.missingColumn', file, line: 1, column: missing } };

  const rows: CsvRow[] = [];
  records.forEach((record, i) => {
    if (record.length === 1 && record[0] === '') return; // a blank line
    const cells: Record<string, string> = {};
    header.forEach((column, c) => (cells[column] = (record[c] ?? '').trim()));
    rows.push({ line: lines[i + 1] ?? 1, cells });
  });
  return { rows };
}
