import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../server/db/migrate';

/**
 * Migrations are written expand-then-contract (docs/operations.md, "Upgrading"): while a
 * rolling upgrade runs, the release before still serves on the migrated database, so a
 * migration may add (tables, nullable columns or columns with a default, indexes) but not
 * take away or change what that release reads and writes. Taking away is a later release's
 * step, once no process of the release that used it serves: its file is named
 * `NNNN_contract_<what>.sql` and says in a comment which release stopped using it.
 */
const expandOnlySince = 26;

/** What the release before may still use: dropped, renamed, retyped or newly required. */
const contracting: { what: string; pattern: RegExp }[] = [
  { what: 'drops a table or a column', pattern: /\bdrop\s+(table|column)\b/i },
  { what: 'renames', pattern: /\brename\b/i },
  { what: "changes a column's type", pattern: /\balter\s+column\s+"?\w+"?\s+(set\s+data\s+)?type\b/i },
  { what: 'makes a column required', pattern: /\balter\s+column\s+"?\w+"?\s+set\s+not\s+null\b/i },
  { what: 'adds a required column without a default', pattern: /\badd\s+column\s+"?\w+"?\s+(?![^;]*\bdefault\b)[^;]*\bnot\s+null\b/i },
];

/** The contracting statements of a migration's SQL, one line each. */
export function contractingStatements(sql: string): string[] {
  return sql
    .split(/--> statement-breakpoint|;\s*\n/)
    .map((statement) => statement.replace(/--[^\n]*/g, '').trim())
    .filter((statement) => statement !== '')
    .flatMap((statement) => contracting.filter(({ pattern }) => pattern.test(statement)).map(({ what }) => `${what}: ${statement.split('\n')[0]}`));
}

describe('migrations, expand then contract', () => {
  it('finds what a release before would miss', () => {
    expect(contractingStatements('ALTER TABLE "posts" DROP COLUMN "views";')).toHaveLength(1);
    expect(contractingStatements('ALTER TABLE "posts" RENAME COLUMN "title" TO "name";')).toHaveLength(1);
    expect(contractingStatements('ALTER TABLE "posts" ALTER COLUMN "views" SET NOT NULL;')).toHaveLength(1);
    expect(contractingStatements('ALTER TABLE "posts" ALTER COLUMN "views" SET DATA TYPE bigint;')).toHaveLength(1);
    expect(contractingStatements('ALTER TABLE "posts" ADD COLUMN "pinned" boolean NOT NULL;')).toHaveLength(1);
    expect(contractingStatements('ALTER TABLE "posts" ADD COLUMN "pinned" boolean DEFAULT false NOT NULL;')).toEqual([]);
    expect(contractingStatements('CREATE TABLE "backup_runs" ("slot" timestamp PRIMARY KEY NOT NULL, "outcome" text NOT NULL);')).toEqual([]);
    expect(contractingStatements('CREATE INDEX "posts_pinned" ON "posts" ("pinned");')).toEqual([]);
  });

  it('only expands, but in a contract step named as one', async () => {
    const files = (await readdir(migrationsFolder)).filter((file) => /^\d{4}_.+\.sql$/.test(file)).sort();
    const found: string[] = [];
    for (const file of files) {
      if (Number(file.slice(0, 4)) < expandOnlySince || /^\d{4}_contract_/.test(file)) continue;
      for (const line of contractingStatements(await readFile(join(migrationsFolder, file), 'utf8'))) found.push(`${file}: ${line}`);
    }
    expect(found).toEqual([]);
  });
});
