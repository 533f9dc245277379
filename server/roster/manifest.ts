/**
 * The manifest of a OneRoster 1.1 CSV set: which files it says are there and how (`bulk`:
 * the whole roster of that kind, `delta`: only the rows that changed, `absent`). A manifest
 * that disagrees with the files beside it is refused, never trusted halfway: an import that
 * took "absent" for a file that is there, or "bulk" for one that is not, would disable or
 * miss a whole kind of rows.
 */
import { ignoredFiles, rosterFileNames, type RosterFile } from './columns';
import { decodeCsv } from './readCsv';
import Papa from 'papaparse';

export type FileMode = 'bulk' | 'delta' | 'absent';

export type ManifestRefusal =
  | { code: 'roster.noManifest' }
  | { code: 'roster.encoding'; file: string; line: number }
  | { code: 'roster.manifestVersion'; property: string; value: string }
  | { code: 'roster.manifestValue'; property: string; value: string; line: number }
  | { code: 'roster.manifestSaysPresent'; file: string }
  | { code: 'roster.manifestSaysAbsent'; file: string };

export interface Manifest {
  modes: Record<RosterFile, FileMode>;
  /** `delta` when any file Patio reads is a delta, else `bulk`. */
  mode: 'bulk' | 'delta';
}

const known = new Set<string>([...rosterFileNames, ...ignoredFiles]);

/**
 * `bytes` is manifest.csv (undefined when the set has none); `present` the base names
 * ("users") of the CSV files beside it.
 */
export function readManifest(bytes: Uint8Array | undefined, present: ReadonlySet<string>): Manifest | { refusal: ManifestRefusal } {
  if (!bytes) return { refusal: { code: 'roster.noManifest' } };
  const decoded = decodeCsv('manifest.csv', bytes);
  if ('refusal' in decoded) return { refusal: decoded.refusal };
  const records = Papa.parse<string[]>(decoded.text, { skipEmptyLines: 'greedy' }).data;
  const properties = new Map<string, { value: string; line: number }>();
  records.slice(1).forEach((record, i) => properties.set((record[0] ?? '').trim(), { value: (record[1] ?? '').trim(), line: i + 2 }));

  for (const [property, wanted] of [
    ['manifest.version', '1.0'],
    ['oneroster.version', '1.1'],
  ] as const) {
    const value = properties.get(property)?.value ?? '';
    if (value !== wanted) return { refusal: { code: 'roster.manifestVersion', property, value } };
  }

  const modes = {} as Record<RosterFile, FileMode>;
  for (const [property, { value, line }] of properties) {
    if (!property.startsWith('file.')) continue;
    const name = property.slice('file.'.length);
    if (!known.has(name)) continue; // a later version's file: not ours to judge
    if (value !== 'bulk' && value !== 'delta' && value !== 'absent') return { refusal: { code: 'roster.manifestValue', property, value, line } };
    const there = present.has(name);
    if (value === 'absent' && there) return { refusal: { code: 'roster.manifestSaysAbsent', file: `${name}.csv` } };
    if (value !== 'absent' && !there) return { refusal: { code: 'roster.manifestSaysPresent', file: `${name}.csv` } };
    if ((rosterFileNames as string[]).includes(name)) modes[name as RosterFile] = value;
  }
  for (const name of rosterFileNames) {
    if (modes[name]) continue;
    // The binding makes every file.* property mandatory; a missing one is a manifest that lies by omission.
    if (present.has(name)) return { refusal: { code: 'roster.manifestSaysAbsent', file: `${name}.csv` } };
    modes[name] = 'absent';
  }
  return { modes, mode: rosterFileNames.some((n) => modes[n] === 'delta') ? 'delta' : 'bulk' };
}
