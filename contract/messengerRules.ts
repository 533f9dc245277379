import { addDays, instantOf, isoWeekday, wallIn } from './eventTime';
import { messages } from './messages';
import type { Role } from './permissions';
import { z } from './zod';

/**
 * The school's messenger rule (docs/features/messenger.md, "The school's rule"): per college,
 * which group of members may START a one-to-one conversation with which, and whether
 * students may write in groups they do not administer. Administrators count as staff
 * (docs/decisions.md). One synced row per college (entity `messenger_rules`, its id the
 * college's), so a device knows the rule offline; a college without a row has the defaults.
 */
export const ruleGroups = ['staff', 'student', 'guardian'] as const;
export type RuleGroup = (typeof ruleGroups)[number];

export const ruleGroupOf = (role: Role): RuleGroup => (role === 'admin' ? 'staff' : role);

/** `<from>_to_<to>`: the cells of the table, one flag each. */
export const ruleCells = ruleGroups.flatMap((from) => ruleGroups.map((to) => `${from}_to_${to}` as const));
export type RuleCell = `${RuleGroup}_to_${RuleGroup}`;
export const ruleCell = (from: RuleGroup, to: RuleGroup): RuleCell => `${from}_to_${to}`;

const cellFlags = Object.fromEntries(ruleCells.map((cell) => [cell, z.boolean()])) as Record<RuleCell, z.ZodBoolean>;

/** `HH:mm` of a day; an end may also be `24:00`, the day's end. */
const clockPattern = /^([01]\d|2[0-3]):[0-5]\d$/;
const endPattern = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

/**
 * Staff availability hours: on the ISO weekdays `staff_hours_days` (Monday 1 … Sunday 7),
 * from `staff_hours_start` to `staff_hours_end` in the college's time zone. Outside them, a
 * guardian's new message to staff waits on the server and reaches them at the next opening
 * (`staffHoursOpening`); nothing else waits (docs/features/messenger.md, "Staff hours").
 */
const staffHoursShape = {
  staff_hours_on: z.boolean(),
  staff_hours_days: z.array(z.number({ error: messages.invalidData }).int().min(1).max(7), { error: messages.invalidData }).max(7),
  staff_hours_start: z.string({ error: messages.messengerHoursTime }).regex(clockPattern, { error: messages.messengerHoursTime }),
  staff_hours_end: z.string({ error: messages.messengerHoursTime }).regex(endPattern, { error: messages.messengerHoursTime }),
};

/** What an administrator sets: every cell, the group flag and the staff hours. */
export const messengerRulesFields = z.object({
  ...cellFlags,
  /** Off: a student writes only in groups where they are an admin (the group's own "members can reply" still applies). */
  students_reply_in_groups: z.boolean(),
  ...staffHoursShape,
});
export type MessengerRulesFields = z.infer<typeof messengerRulesFields>;
export type StaffHours = Pick<MessengerRulesFields, keyof typeof staffHoursShape>;

export const messengerRulesRow = messengerRulesFields.extend({ id: z.string(), updated_at: z.string() });
export type MessengerRulesRow = z.infer<typeof messengerRulesRow>;

/** The hours' own checks: a day at least when they are on (a day named twice counts once), the end after the start. */
function checkStaffHours(hours: Partial<StaffHours>, ctx: z.RefinementCtx): void {
  const days = hours.staff_hours_days;
  if (hours.staff_hours_on && days?.length === 0) ctx.addIssue({ code: 'custom', path: ['staff_hours_days'], message: messages.messengerHoursDays });
  const { staff_hours_start: start, staff_hours_end: end } = hours;
  if (start && end && clockPattern.test(start) && endPattern.test(end) && end <= start) {
    ctx.addIssue({ code: 'custom', path: ['staff_hours_end'], message: messages.messengerHoursOrder });
  }
}

/**
 * Mutation `messenger.setRules` (`messenger.rules.manage`) and `PUT /api/v1/admin/messenger/rules`.
 * The hours may be left out (a rule saved by an app from before them, still in an outbox):
 * the college's hours then stay as they are.
 */
export const setMessengerRulesArgs = messengerRulesFields
  .extend({
    staff_hours_on: staffHoursShape.staff_hours_on.optional(),
    staff_hours_days: staffHoursShape.staff_hours_days.optional(),
    staff_hours_start: staffHoursShape.staff_hours_start.optional(),
    staff_hours_end: staffHoursShape.staff_hours_end.optional(),
  })
  .superRefine(checkStaffHours);
export type SetMessengerRulesArgs = z.infer<typeof setMessengerRulesArgs>;

/**
 * A school's defaults: families and children do not start conversations among themselves,
 * everyone may reach staff and staff everyone; a guardian and their own child may write to
 * each other; students reply in the groups staff make for them.
 */
export const defaultMessengerRules: MessengerRulesFields = {
  staff_to_staff: true,
  staff_to_student: true,
  staff_to_guardian: true,
  student_to_staff: true,
  student_to_student: false,
  student_to_guardian: true,
  guardian_to_staff: true,
  guardian_to_student: true,
  guardian_to_guardian: false,
  students_reply_in_groups: true,
  staff_hours_on: false,
  staff_hours_days: [1, 2, 3, 4, 5],
  staff_hours_start: '08:00',
  staff_hours_end: '17:00',
};

/** Whether the rule lets a member of `from` start a conversation with a member of `to`. */
export function ruleAllowsStart(rules: MessengerRulesFields, from: Role, to: Role): boolean {
  return rules[ruleCell(ruleGroupOf(from), ruleGroupOf(to))];
}

/** The rule's fields of a row, or the defaults when the college has none yet. */
export function rulesOrDefaults(row: MessengerRulesFields | null | undefined): MessengerRulesFields {
  if (!row) return defaultMessengerRules;
  return Object.fromEntries(Object.keys(defaultMessengerRules).map((key) => [key, row[key as keyof MessengerRulesFields]])) as MessengerRulesFields;
}

/** What the rule needs of a conversation and its members (the server's records and the device's rows both give it). */
export interface RuleConversation {
  kind: 'direct' | 'group';
  createdBy: string;
}
export interface RuleMember {
  userId: string;
  userRole: Role;
  /** Their role in the conversation. */
  role: 'admin' | 'member';
}

/**
 * Why the rule refuses `me` a new message in a conversation, or null: in a group, a student
 * who does not run it while students may not reply in groups; in a direct conversation, one
 * its starter may no longer start. Read by the server on every message and by the chat
 * screen, which then shows the reason instead of the composer.
 */
export function writeRefusal(
  rules: MessengerRulesFields,
  conversation: RuleConversation,
  me: RuleMember,
  members: readonly RuleMember[],
): 'groupReply' | 'conversation' | null {
  if (conversation.kind === 'group') {
    return ruleGroupOf(me.userRole) === 'student' && me.role !== 'admin' && !rules.students_reply_in_groups ? 'groupReply' : null;
  }
  const starter = members.find((m) => m.userId === conversation.createdBy);
  const other = members.find((m) => m.userId !== conversation.createdBy);
  return starter && other && !ruleAllowsStart(rules, starter.userRole, other.userRole) ? 'conversation' : null;
}

/**
 * When a message a guardian writes at `now` reaches staff: null inside the staff hours (or
 * when the college keeps none), else the next opening, in `timeZone` (the college's). Read
 * by the server when the message arrives and by the composer, which says it beforehand.
 */
export function staffHoursOpening(hours: StaffHours, timeZone: string, now: Date): Date | null {
  const days = new Set(hours.staff_hours_days);
  if (!hours.staff_hours_on || days.size === 0) return null;
  const wall = wallIn(now, timeZone);
  const [today, clock] = [wall.slice(0, 10), wall.slice(11)];
  const open = (day: string) => days.has(isoWeekday(day));
  if (open(today) && clock >= hours.staff_hours_start && clock < hours.staff_hours_end) return null;
  for (let ahead = 0; ahead <= 7; ahead += 1) {
    const day = addDays(today, ahead);
    if (!open(day) || (ahead === 0 && clock >= hours.staff_hours_start)) continue;
    return instantOf(`${day}T${hours.staff_hours_start}`, timeZone);
  }
  return null;
}

/**
 * Whether the staff hours hold `author`'s new message in a conversation with `members`: a
 * guardian's, where another member is staff (administrators included). A guardian writing
 * to another family or to their child is not held, nor is anyone else.
 */
export function heldByStaffHours(author: { userId: string; userRole: Role }, members: readonly { userId: string; userRole: Role }[]): boolean {
  return author.userRole === 'guardian' && members.some((m) => m.userId !== author.userId && ruleGroupOf(m.userRole) === 'staff');
}
