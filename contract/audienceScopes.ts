/**
 * Who an item (post, event, notification, document) is for, shared by every feature that
 * has an audience. The scope says who:
 * - `college`: every member of the college (no sections needed);
 * - `staff`: staff and administrators only (no sections needed);
 * - `everyone`, `students`, `guardians`: students and guardians, students, or guardians
 *   of the chosen sections (the original app's rule: at least one course, one grade and one section).
 * Sections decide; courses and grades say how the choice was made. Staff and
 * administrators read every item addressed by section.
 *
 * Without zod (the schemas are in ./audience.ts): the screens that only show an audience
 * read these.
 */
export const audienceScopes = ['college', 'everyone', 'students', 'guardians', 'staff'] as const;
export type AudienceScope = (typeof audienceScopes)[number];

/** Scopes that address the members of chosen sections. */
export const sectionScopes = ['everyone', 'students', 'guardians'] as const satisfies readonly AudienceScope[];
export type SectionScope = (typeof sectionScopes)[number];

export function scopeNeedsSections(scope: AudienceScope): scope is SectionScope {
  return (sectionScopes as readonly string[]).includes(scope);
}
