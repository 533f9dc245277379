import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rosterFileNames, rosterFiles } from '../../server/roster/columns';
import { readManifest } from '../../server/roster/manifest';
import { readRosterCsv } from '../../server/roster/readCsv';

const bulk = join(__dirname, '../fixtures/oneroster/bulk');
const bytes = (name: string) => new Uint8Array(readFileSync(join(bulk, name)));
const enc = (text: string) => new TextEncoder().encode(text);
const present = new Set(readdirSync(bulk).map((f) => f.replace(/\.csv$/, '')));

describe('OneRoster CSV files', () => {
  it('the fixtures carry every column of the binding, optional ones included', () => {
    for (const kind of rosterFileNames) {
      const header = readFileSync(join(bulk, `${kind}.csv`), 'utf8').split('\n')[0];
      expect(header, kind).toBe(rosterFiles[kind].columns.join(','));
    }
  });

  it('reads quotes and newlines inside fields as one cell and keeps each row on its own line', () => {
    const users = readRosterCsv('users', bytes('users.csv'));
    if (!('rows' in users)) throw new Error(JSON.stringify(users));
    expect(users.rows.map((r) => r.line)).toEqual([2, 3, 4]);
    expect(users.rows[1]!.cells.familyName).toBe('García "Pablito"');

    const text = readFileSync(join(bulk, 'classes.csv'), 'utf8') + 'class-3b,active,,3º B,03,course-g3,3B,homeroom,,org-north,term-1,,,\n';
    const classes = readRosterCsv('classes', enc(text));
    if (!('rows' in classes)) throw new Error(JSON.stringify(classes));
    expect(classes.rows[0]!.cells.location).toBe('Room 12\n(upstairs)');
    expect(classes.rows.map((r) => r.line)).toEqual([2, 4]);
  });

  it('drops a UTF-8 BOM and refuses Latin-1 naming the file and line', () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('orgs.csv')]);
    const orgs = readRosterCsv('orgs', withBom);
    expect('rows' in orgs && orgs.rows[0]!.cells.sourcedId).toBe('org-district');

    const latin1 = Buffer.from(readFileSync(join(bulk, 'users.csv'), 'utf8'), 'latin1');
    expect(readRosterCsv('users', new Uint8Array(latin1))).toEqual({ refusal: { code: 'roster.encoding', file: 'users.csv', line: 2 } });
  });

  it('refuses a header without a required column or with one the binding does not have', () => {
    expect(readRosterCsv('orgs', enc('sourcedId,name\nx,y\n'))).toEqual({
      refusal: { code: 'roster.missingColumn', file: 'orgs.csv', line: 1, column: 'type' },
    });
    expect(readRosterCsv('orgs', enc('sourcedId,name,type,nickname\n'))).toEqual({
      refusal: { code: 'roster.unknownColumn', file: 'orgs.csv', line: 1, column: 'nickname' },
    });
  });
});

describe('OneRoster manifest', () => {
  const manifest = readFileSync(join(bulk, 'manifest.csv'), 'utf8');

  it('reads the fixture set as a bulk set', () => {
    const read = readManifest(bytes('manifest.csv'), present);
    expect('mode' in read && read.mode).toBe('bulk');
  });

  it('refuses a manifest that lies about its files or its version', () => {
    const without = new Set([...present].filter((n) => n !== 'courses'));
    expect(readManifest(bytes('manifest.csv'), without)).toEqual({ refusal: { code: 'roster.manifestSaysPresent', file: 'courses.csv' } });
    const saysAbsent = enc(manifest.replace('file.courses,bulk', 'file.courses,absent'));
    expect(readManifest(saysAbsent, present)).toEqual({ refusal: { code: 'roster.manifestSaysAbsent', file: 'courses.csv' } });
    const v12 = enc(manifest.replace('oneroster.version,1.1', 'oneroster.version,1.2'));
    expect(readManifest(v12, present)).toEqual({ refusal: { code: 'roster.manifestVersion', property: 'oneroster.version', value: '1.2' } });
    expect(readManifest(undefined, present)).toEqual({ refusal: { code: 'roster.noManifest' } });
  });

  it('says delta when a file is a delta', () => {
    const delta = enc(manifest.replace('file.users,bulk', 'file.users,delta'));
    const read = readManifest(delta, present);
    expect('mode' in read && read.mode).toBe('delta');
  });
});
