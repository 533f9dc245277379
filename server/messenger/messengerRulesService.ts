import { eq } from 'drizzle-orm';
import { defaultMessengerRules, type MessengerRulesFields, type MessengerRulesRow, type SetMessengerRulesArgs } from '../../contract/messengerRules';
import { recordAudit, rowChanges } from '../auditRecord/recordAudit';
import type { Database } from '../db/client';
import { defineEntity } from '../sync/entity';
import type { MutationActor } from '../sync/mutation';
import type { Write } from '../sync/writeInCollege';
import { messengerRules } from './schema';

/**
 * The school's messenger rule on the server (contract/messengerRules.ts): read inside the
 * write that it guards (the college's write lock orders a rule change and a message), and
 * written by an administrator as one synced row per college.
 */

type RulesRecord = typeof messengerRules.$inferSelect;

function fieldsOf(row: RulesRecord): MessengerRulesFields {
  return {
    staff_to_staff: row.staffToStaff,
    staff_to_student: row.staffToStudent,
    staff_to_guardian: row.staffToGuardian,
    student_to_staff: row.studentToStaff,
    student_to_student: row.studentToStudent,
    student_to_guardian: row.studentToGuardian,
    guardian_to_staff: row.guardianToStaff,
    guardian_to_student: row.guardianToStudent,
    guardian_to_guardian: row.guardianToGuardian,
    students_reply_in_groups: row.studentsReplyInGroups,
    staff_hours_on: row.staffHoursOn,
    staff_hours_days: row.staffHoursDays,
    staff_hours_start: row.staffHoursStart,
    staff_hours_end: row.staffHoursEnd,
  };
}

function columnsOf(fields: SetMessengerRulesArgs) {
  return {
    staffToStaff: fields.staff_to_staff,
    staffToStudent: fields.staff_to_student,
    staffToGuardian: fields.staff_to_guardian,
    studentToStaff: fields.student_to_staff,
    studentToStudent: fields.student_to_student,
    studentToGuardian: fields.student_to_guardian,
    guardianToStaff: fields.guardian_to_staff,
    guardianToStudent: fields.guardian_to_student,
    guardianToGuardian: fields.guardian_to_guardian,
    studentsReplyInGroups: fields.students_reply_in_groups,
    // Left out by an app from before the staff hours: the college's stay as they are.
    ...(fields.staff_hours_on !== undefined && { staffHoursOn: fields.staff_hours_on }),
    ...(fields.staff_hours_days !== undefined && { staffHoursDays: [...new Set(fields.staff_hours_days)].sort((a, b) => a - b) }),
    ...(fields.staff_hours_start !== undefined && { staffHoursStart: fields.staff_hours_start }),
    ...(fields.staff_hours_end !== undefined && { staffHoursEnd: fields.staff_hours_end }),
  };
}

export function messengerRulesToWire(row: RulesRecord): MessengerRulesRow {
  return { id: row.id, ...fieldsOf(row), updated_at: row.updatedAt.toISOString() };
}

/** The college's rule (the defaults when it has no row yet). */
export async function rulesOf(db: Database, collegeId: string): Promise<MessengerRulesFields> {
  const [row] = await db.select().from(messengerRules).where(eq(messengerRules.collegeId, collegeId));
  return row ? fieldsOf(row) : defaultMessengerRules;
}

/** `messenger.setRules`: the whole rule again; messages already delivered stay, the next write meets the new rule. */
export async function setRules(write: Write, actor: MutationActor, args: SetMessengerRulesArgs): Promise<void> {
  const [before] = await write.tx.select().from(messengerRules).where(eq(messengerRules.id, write.collegeId)).for('update');
  const values = { ...columnsOf(args), updatedAt: new Date(), seq: write.stamp() };
  const [after] = await write.tx
    .insert(messengerRules)
    .values({ id: write.collegeId, collegeId: write.collegeId, ...values })
    .onConflictDoUpdate({ target: messengerRules.id, set: values })
    .returning();
  // A college without a row had the defaults: the record shows what changed from them.
  const was = before ?? { ...after, ...columnsOf(defaultMessengerRules) };
  await recordAudit(write.tx, { collegeId: write.collegeId, actor, kind: 'messenger.rulesChanged', ...rowChanges(was, after) });
}

/** Every member of the college receives the rule, so the people picker knows it offline. */
export const messengerRulesEntity = defineEntity({ name: 'messenger_rules', table: messengerRules, toWire: messengerRulesToWire });
