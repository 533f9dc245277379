/**
 * A OneRoster set read, checked and planned against the college (planRoster.ts), and, when
 * confirmed and nothing is refused, written in one `writeInCollege` transaction: places,
 * courses, grades, sections, members, their sections and the roster links — all of it or
 * nothing. The college is read again inside the write, under its lock, so what another
 * administrator changed meanwhile is planned against.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import type { RosterRefusal, RosterResult } from '../../contract/roster';
import { memberPokeKeys } from '../audience/guardians';
import { unusablePassword } from '../auth/passwords';
import { recordAudit, type AuditActor } from '../auditRecord/recordAudit';
import type { Database } from '../db/client';
import { accessTokens, courses, grades, places, sections, userSections, users } from '../db/schema';
import { forgetMemberDevices } from '../push/subscriptions';
import { writeInCollege, type Write } from '../sync/writeInCollege';
import { rosterFileNames, type RosterFile } from './columns';
import { readManifest, type ManifestRefusal } from './manifest';
import { emptyCounts, planRoster, type CollegeState, type RosterPlan } from './planRoster';
import { readRosterCsv, type CsvRefusal, type CsvRow } from './readCsv';
import { readRosterZip, type RosterSet, type ZipRefusal } from './readZip';
import { rosterImports, rosterKinds, rosterLinks, type RosterKind } from './schema';

type FileRefusal = ZipRefusal | ManifestRefusal | CsvRefusal | { code: 'roster.nothing' };

const refusalMessages: Record<FileRefusal['code'], string> = {
  'roster.notZip': messages.rosterNotZip,
  'roster.unsafeName': messages.rosterUnsafeName,
  'roster.tooManyFiles': messages.rosterTooManyFiles,
  'roster.tooLarge': messages.rosterTooLarge,
  'roster.noManifest': messages.rosterNoManifest,
  'roster.encoding': messages.rosterEncoding,
  'roster.manifestVersion': messages.rosterManifestVersion,
  'roster.manifestValue': messages.rosterManifestValue,
  'roster.manifestSaysPresent': messages.rosterManifestSaysPresent,
  'roster.manifestSaysAbsent': messages.rosterManifestSaysAbsent,
  'roster.malformedCsv': messages.rosterMalformedCsv,
  'roster.missingColumn': messages.rosterMissingColumn,
  'roster.unknownColumn': messages.rosterUnknownColumn,
  'roster.nothing': messages.rosterNothing,
};

/** A refused file as the answer lists it: where, and the message. */
export function fileRefusal(refusal: FileRefusal): RosterRefusal {
  const r = refusal as Partial<{ file: string; line: number; column: string; property: string; value: string }>;
  return {
    file: r.file ?? (r.property ? 'manifest.csv' : null),
    line: r.line ?? null,
    column: r.column ?? r.property ?? null,
    value: r.value ?? null,
    message: refusalMessages[refusal.code],
  };
}

/** A set of files read and checked, ready to plan; or why it cannot be. */
export type ReadSet = { modes: Parameters<typeof planRoster>[1]; rows: Partial<Record<RosterFile, CsvRow[]>> } | { refusal: RosterRefusal };

/** The manifest and the six files Patio reads, from a zip's or a folder's files by base name. */
export function readSet(set: RosterSet): ReadSet {
  const manifest = readManifest(set.files.get('manifest'), new Set([...set.files.keys()].filter((name) => name !== 'manifest')));
  if ('refusal' in manifest) return { refusal: fileRefusal(manifest.refusal) };
  if (rosterFileNames.every((name) => manifest.modes[name] === 'absent')) return { refusal: fileRefusal({ code: 'roster.nothing' }) };
  const rows: Partial<Record<RosterFile, CsvRow[]>> = {};
  for (const name of rosterFileNames) {
    if (manifest.modes[name] === 'absent') continue;
    const read = readRosterCsv(name, set.files.get(name)!);
    if ('refusal' in read) return { refusal: fileRefusal(read.refusal) };
    rows[name] = read.rows;
  }
  return { modes: manifest.modes, rows };
}

export async function readZipSet(bytes: Buffer): Promise<ReadSet> {
  const set = await readRosterZip(bytes);
  if ('refusal' in set) return { refusal: fileRefusal(set.refusal) };
  return readSet(set);
}

/** The college as planRoster needs it. */
export async function collegeState(db: Database, collegeId: string): Promise<CollegeState> {
  const links = Object.fromEntries(rosterKinds.map((k) => [k, new Map<string, string>()])) as Record<RosterKind, Map<string, string>>;
  for (const link of await db.select().from(rosterLinks).where(eq(rosterLinks.collegeId, collegeId))) links[link.kind].set(link.sourcedId, link.targetId);
  const live = (t: typeof places | typeof courses | typeof grades | typeof sections) => and(eq(t.collegeId, collegeId), isNull(t.deletedAt));
  const ref = { id: places.id, name: places.name, archivedAt: places.archivedAt };
  const placeRows = await db.select(ref).from(places).where(live(places));
  const courseRows = await db.select({ id: courses.id, name: courses.name, archivedAt: courses.archivedAt }).from(courses).where(live(courses));
  const gradeRows = await db
    .select({ id: grades.id, name: grades.name, archivedAt: grades.archivedAt, courseId: grades.courseId })
    .from(grades)
    .where(live(grades));
  const sectionRows = await db
    .select({ id: sections.id, name: sections.name, archivedAt: sections.archivedAt, gradeId: sections.gradeId, placeId: sections.placeId })
    .from(sections)
    .where(live(sections));
  const memberRows = await db
    .select({
      id: users.id,
      role: users.role,
      status: users.status,
      name: users.name,
      firstLastname: users.firstLastname,
      email: users.email,
      phone: users.phone,
      placeId: users.placeId,
      sectionIds: users.sectionIds,
      childIds: users.childIds,
      removedAt: users.removedAt,
    })
    .from(users)
    .where(eq(users.collegeId, collegeId));
  const byId = <R extends { id: string }>(rows: R[]) => new Map(rows.map((row) => [row.id, row]));
  return {
    collegeId,
    links,
    places: byId(placeRows),
    courses: byId(courseRows),
    grades: byId(gradeRows),
    sections: byId(sectionRows),
    members: new Map(memberRows.map(({ removedAt, ...m }) => [m.id, { ...m, removed: removedAt !== null }])),
  };
}

const batch = 500;

async function inBatches<T>(items: readonly T[], size: number, each: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let at = 0; at < items.length; at += size) await each(items.slice(at, at + size));
}

/** Writes a plan with nothing refused. Reference rows concern every member; a member's row, administrators and the member. */
async function writePlan(write: Write, plan: RosterPlan): Promise<void> {
  const { tx, collegeId } = write;
  const now = new Date();
  const tables = { places, courses, grades, sections } as const;
  for (const name of ['places', 'courses', 'grades', 'sections'] as const) {
    const table = tables[name];
    await inBatches(plan.inserts[name], batch, (chunk) =>
      tx.insert(table).values(chunk.map((row) => ({ id: row.id, collegeId, createdAt: now, seq: write.stamp(), ...row.values }) as typeof table.$inferInsert)),
    );
    for (const row of plan.updates[name]) {
      await tx
        .update(table)
        .set({ ...row.values, seq: write.stamp() })
        .where(and(eq(table.collegeId, collegeId), eq(table.id, row.id)));
    }
  }
  await inBatches(plan.inserts.members, batch, (chunk) =>
    tx.insert(users).values(
      chunk.map((row) => ({
        id: row.id,
        collegeId,
        passwordHash: unusablePassword,
        createdAt: now,
        updatedAt: now,
        seq: write.stamp(memberPokeKeys(row.id)),
        ...(row.values as Pick<typeof users.$inferInsert, 'role' | 'name' | 'email'>),
      })),
    ),
  );
  for (const row of plan.updates.members) {
    await tx
      .update(users)
      .set({ ...row.values, updatedAt: now, seq: write.stamp(memberPokeKeys(row.id)) })
      .where(and(eq(users.collegeId, collegeId), eq(users.id, row.id)));
  }
  const rewritten = [...plan.sections.keys()];
  await inBatches(rewritten, batch, (chunk) => tx.delete(userSections).where(and(eq(userSections.collegeId, collegeId), inArray(userSections.userId, chunk))));
  const pairs = [...plan.sections].flatMap(([userId, ids]) => ids.map((sectionId) => ({ collegeId, userId, sectionId })));
  await inBatches(pairs, batch * 2, (chunk) => tx.insert(userSections).values(chunk));
  for (const userId of plan.disabled) {
    await tx.delete(accessTokens).where(and(eq(accessTokens.collegeId, collegeId), eq(accessTokens.userId, userId)));
    await forgetMemberDevices(tx, collegeId, userId);
  }
  await inBatches(plan.links, batch, (chunk) =>
    tx
      .insert(rosterLinks)
      .values(chunk.map((l) => ({ collegeId, ...l, updatedAt: now })))
      .onConflictDoUpdate({
        target: [rosterLinks.collegeId, rosterLinks.kind, rosterLinks.sourcedId],
        set: { targetId: sql`excluded.target_id`, modifiedAt: sql`excluded.modified_at`, updatedAt: now },
      }),
  );
}

function resultOf(plan: RosterPlan, written: boolean): RosterResult {
  return { mode: plan.mode, counts: plan.counts, refused: plan.refused, refused_total: plan.refusedTotal, written };
}

/** A file refused as a whole: nothing planned. */
export function refusedResult(refusal: RosterRefusal): RosterResult {
  return {
    mode: null,
    counts: emptyCounts(),
    refused: [refusal],
    refused_total: 1,
    written: false,
  };
}

/** What importing the set would do; writes nothing. */
export async function previewRoster(db: Database, collegeId: string, set: ReadSet): Promise<RosterResult> {
  if ('refusal' in set) return refusedResult(set.refusal);
  return resultOf(planRoster(await collegeState(db, collegeId), set.modes, set.rows, new Date()), false);
}

export interface Importer {
  /** The administrator who confirmed; null for the command line (no audit record, `source: cli`). */
  actor: AuditActor | null;
}

/** Writes the set in one transaction, or nothing (`written: false`) when any file or row is refused. */
export async function importRoster(db: Database, collegeId: string, set: ReadSet, importer: Importer): Promise<RosterResult> {
  if ('refusal' in set) return refusedResult(set.refusal);
  const modes = set.modes;
  return writeInCollege(db, collegeId, async (write) => {
    const plan = planRoster(await collegeState(write.tx, collegeId), modes, set.rows, new Date());
    if (plan.refusedTotal > 0) return resultOf(plan, false);
    await writePlan(write, plan);
    const summary = Object.fromEntries(Object.entries(plan.counts).flatMap(([target, c]) => Object.entries(c).map(([k, n]) => [`${target}.${k}`, n])));
    const rows = Object.values(set.rows).reduce((n, r) => n + r.length, 0);
    await write.tx.insert(rosterImports).values({
      id: uuidv7(),
      collegeId,
      byUserId: importer.actor?.user.id ?? null,
      mode: plan.mode,
      source: importer.actor ? 'upload' : 'cli',
      summary,
      rows,
    });
    if (importer.actor) {
      await recordAudit(write.tx, { collegeId, actor: importer.actor, kind: 'roster.imported', before: null, after: { mode: plan.mode, rows, ...summary } });
    }
    return resultOf(plan, true);
  });
}
