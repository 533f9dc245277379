import { z } from './zod';
import { messages } from './messages';
import { text } from './text';

/**
 * Who an item (post, event, notification, document) is for, shared by every feature that
 * has an audience. The person picks courses, grades and sections (spec §3) and a scope:
 * who within them. Sections decide; courses and grades say how the choice was made.
 */
export const audienceScopes = ['everyone', 'staff', 'students', 'guardians'] as const;
export type AudienceScope = (typeof audienceScopes)[number];

const ids = (error: string) => z.array(text({ max: 64 }).min(1), { error }).min(1, { error }).max(200);

export const audienceFields = z.object({
  course_ids: ids(messages.postCoursesRequired),
  grade_ids: ids(messages.postGradesRequired),
  section_ids: ids(messages.postSectionsRequired),
  scope: z.enum(audienceScopes, { error: messages.postScopeInvalid }),
});
export type AudienceFields = z.infer<typeof audienceFields>;

/**
 * Visibility as sets of keys, one model for every audience kind: a row carries the keys of
 * whoever may see it, a member holds the keys they answer to, and the row is visible when
 * the two sets meet (the server tests it in SQL with `&&`, devices and REST with
 * `meets`). Keys:
 * - `staff`: staff and administrators, who read everything addressed by section;
 * - `<role>:<section id>`: members of that role in that section (`student:…`, `guardian:…`);
 * - `user:<id>`: one member (a conversation's members, the author of a scheduled post);
 * - `college`: every member of the college.
 */
export const audienceKeys = {
  staff: 'staff',
  college: 'college',
  user: (userId: string) => `user:${userId}`,
  member: (role: string, sectionId: string) => `${role}:${sectionId}`,
} as const;

/** Keys of an audience chosen with the picker: the scope's roles in each chosen section. */
export function keysOfAudience(audience: Pick<AudienceFields, 'scope' | 'section_ids'>): string[] {
  const roles = audience.scope === 'everyone' ? ['student', 'guardian'] : audience.scope === 'students' ? ['student'] : audience.scope === 'guardians' ? ['guardian'] : [];
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
  for (const sectionId of member.sectionIds) keys.add(audienceKeys.member(member.role, sectionId));
  return [...keys].sort();
}

export function meets(rowKeys: readonly string[], memberKeys: ReadonlySet<string>): boolean {
  return rowKeys.some((key) => memberKeys.has(key));
}
