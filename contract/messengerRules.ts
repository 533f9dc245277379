import { z } from './zod';
import type { Role } from './permissions';

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

/** What an administrator sets: every cell, and the group flag. */
export const messengerRulesFields = z.object({
  ...cellFlags,
  /** Off: a student writes only in groups where they are an admin (the group's own "members can reply" still applies). */
  students_reply_in_groups: z.boolean(),
});
export type MessengerRulesFields = z.infer<typeof messengerRulesFields>;

export const messengerRulesRow = messengerRulesFields.extend({ id: z.string(), updated_at: z.string() });
export type MessengerRulesRow = z.infer<typeof messengerRulesRow>;

/** Mutation `messenger.setRules` (`messenger.rules.manage`) and `PUT /api/v1/admin/messenger/rules`. */
export const setMessengerRulesArgs = messengerRulesFields;

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
