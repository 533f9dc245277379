import { z } from './zod';
import { messages } from './messages';
import { text } from './text';
import { audienceScopes, scopeNeedsSections } from './audienceScopes';

export { audienceScopes, scopeNeedsSections, sectionScopes, type AudienceScope, type SectionScope } from './audienceScopes';

const ids = (error: string) => z.array(text({ max: 64 }).min(1), { error }).max(200);

export const audienceFields = z.object({
  course_ids: ids(messages.postCoursesRequired),
  grade_ids: ids(messages.postGradesRequired),
  section_ids: ids(messages.postSectionsRequired),
  scope: z.enum(audienceScopes, { error: messages.postScopeInvalid }),
});
export type AudienceFields = z.infer<typeof audienceFields>;

/**
 * The original app's rule for an audience by sections: at least one course, one grade and one
 * section. Attach it to every schema that spreads `audienceFields.shape`
 * (`schema.superRefine(requireSections)`); it runs beside the other fields' checks, so a
 * form shows every message at once.
 */
export function requireSections(value: Pick<AudienceFields, 'course_ids' | 'grade_ids' | 'section_ids' | 'scope'>, ctx: z.RefinementCtx): void {
  if (!scopeNeedsSections(value.scope)) return;
  const required = [
    ['course_ids', messages.postCoursesRequired],
    ['grade_ids', messages.postGradesRequired],
    ['section_ids', messages.postSectionsRequired],
  ] as const;
  for (const [field, message] of required) if (value[field].length === 0) ctx.addIssue({ code: 'custom', path: [field], message });
}

/**
 * Visibility as sets of keys, one model for every audience kind: a row carries the keys of
 * whoever may see it, a member holds the keys they answer to, and the row is visible when
 * the two sets meet (the server tests it in SQL with `&&`, devices and REST with
 * `meets`). Keys:
 * - `staff`: staff and administrators, who read everything addressed by section;
 * - `<role>:<section id>`: members of that role in that section (`student:…`, `guardian:…`);
 * - `user:<id>`: one member (a conversation's members, the author of a scheduled post);
 * - `college`: every member of the college;
 * - `admins`: administrators only (the members list, server/members).
 */
export const audienceKeys = {
  staff: 'staff',
  college: 'college',
  admins: 'admins',
  user: (userId: string) => `user:${userId}`,
  member: (role: string, sectionId: string) => `${role}:${sectionId}`,
} as const;

/** Keys of an audience chosen with the picker: everyone, or the scope's roles in each chosen section (and staff). */
export function keysOfAudience(audience: Pick<AudienceFields, 'scope' | 'section_ids'>): string[] {
  if (audience.scope === 'college') return [audienceKeys.college];
  const roles =
    audience.scope === 'everyone' ? ['student', 'guardian'] : audience.scope === 'students' ? ['student'] : audience.scope === 'guardians' ? ['guardian'] : [];
  const keys = new Set<string>([audienceKeys.staff]);
  for (const sectionId of audience.section_ids) for (const role of roles) keys.add(audienceKeys.member(role, sectionId.toLowerCase()));
  return [...keys];
}

/** Keys of members: a conversation, an author. */
export function keysOfMembers(userIds: readonly string[]): string[] {
  return [...new Set(userIds.map((id) => audienceKeys.user(id.toLowerCase())))];
}

export interface AudienceMember {
  userId: string;
  role: string;
  sectionIds: Iterable<string>;
  /** Staff and administrators read everything addressed by section (contract/permissions). */
  readAll: boolean;
}

/** The keys a member answers to, sorted (their digest identifies what they may see). */
export function keysOfMember(member: AudienceMember): string[] {
  const keys = new Set<string>([audienceKeys.college, audienceKeys.user(member.userId)]);
  if (member.readAll) keys.add(audienceKeys.staff);
  if (member.role === 'admin') keys.add(audienceKeys.admins);
  for (const sectionId of member.sectionIds) keys.add(audienceKeys.member(member.role, sectionId));
  return [...keys].sort();
}

export function meets(rowKeys: readonly string[], memberKeys: ReadonlySet<string>): boolean {
  return rowKeys.some((key) => memberKeys.has(key));
}

/**
 * `POST /api/v1/audience/reach` (staff and administrators): how many active members of the
 * college an audience reaches, by the same keys as visibility. Unknown sections reach no one.
 */
export const audienceReachRequest = z.object({
  scope: z.enum(audienceScopes, { error: messages.postScopeInvalid }),
  section_ids: z
    .array(text({ max: 64 }))
    .max(200)
    .default([]),
});
export type AudienceReachRequest = z.input<typeof audienceReachRequest>;

const count = z.number().int().min(0);

/** The members reached: `staff` counts staff and administrators. */
export const audienceReach = z.object({ total: count, students: count, guardians: count, staff: count });
export type AudienceReach = z.infer<typeof audienceReach>;
