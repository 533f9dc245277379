import { z } from './zod';
import { profileUpdateFields } from './auth';
import { messages } from './messages';
import { roles } from './permissions';
import { text } from './text';

/**
 * Members of the college as administrators manage them (the original app's `/users`: add, create,
 * update and delete a user, reset a password, delete the PIN, a warning when a user has no
 * PIN). The list is synced to administrators' devices only (entity `members`, audience key
 * `admins`), so it is searched, filtered and sorted on the device, offline too, and every
 * change goes through the outbox like posts. What needs the server at that moment — a
 * temporary password, an import checked against the whole college — is REST.
 */

export const memberStatuses = ['active', 'pending', 'disabled'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

/** A member as synced to administrators' devices and listed by `GET /api/v1/admin/members`. */
export const memberRow = z.object({
  id: z.string(),
  college_id: z.string(),
  role: z.enum(roles),
  status: z.enum(memberStatuses),
  name: z.string(),
  first_lastname: z.string(),
  second_lastname: z.string(),
  email: z.string(),
  /** Display form `12.345.678-5`, or null. */
  rut: z.string().nullable(),
  phone: z.string(),
  /** `YYYY-MM-DD` or null. */
  birthdate: z.string().nullable(),
  /** Same-origin URL of the avatar image, or null. */
  avatar: z.string().nullable(),
  place_id: z.string().nullable(),
  /** The sections the member belongs to (a guardian's include their children's). */
  section_ids: z.array(z.string()),
  /** A guardian's children: ids of student members. Empty for other roles. */
  child_ids: z.array(z.string()),
  /** Whether a PIN is set (the PIN itself is stored hashed and never sent). */
  has_pin: z.boolean(),
  /**
   * Signing in (docs/features/invitations.md): when their live invitation was sent, when they
   * first signed in (null: never), and whether mail to their address bounces. Rows synced
   * before these fields existed parse as never invited, never signed in, not bounced.
   */
  invited_at: z.string().nullable().default(null),
  signed_in_at: z.string().nullable().default(null),
  email_bounced: z.boolean().default(false),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MemberRow = z.infer<typeof memberRow>;

/** A PIN: 4 to 6 digits (docs/features/members.md: what it is for). */
export const pinField = z.string({ error: messages.pinInvalid }).regex(/^\d{4,6}$/, { error: messages.pinInvalid });

const ids = z.array(z.uuid()).max(50);

/**
 * What an administrator writes of a member. Email is required (it signs in and receives the
 * reset mail); rut, phone and birthdate may be empty (cleared). Students belong to one
 * section or more, guardians pick their children (students of the college), whose sections
 * they then belong to as well; staff and administrators may have sections too (their classes).
 */
export const memberFields = z.object({
  name: profileUpdateFields.shape.name,
  first_lastname: profileUpdateFields.shape.first_lastname,
  second_lastname: profileUpdateFields.shape.second_lastname,
  email: profileUpdateFields.shape.email,
  rut: profileUpdateFields.shape.rut,
  phone: profileUpdateFields.shape.phone,
  birthdate: profileUpdateFields.shape.birthdate,
  role: z.enum(roles, { error: messages.roleRequired }),
  place_id: z.uuid({ error: messages.unknownReference }).nullable().default(null),
  section_ids: ids.default([]),
  child_ids: ids.default([]),
  /** `pending` is only reached by self sign-up; approving is `members.approve`. */
  status: z.enum(['active', 'disabled']).default('active'),
});
export type MemberFields = z.infer<typeof memberFields>;
export type MemberFieldsInput = z.input<typeof memberFields>;

/** Mutation `members.create`; REST `POST /api/v1/admin/members` (id optional there). 409 `emailTaken`/`rutTaken` as 422 on the field. */
export const createMemberArgs = memberFields.extend({ id: z.uuid() });
export const restCreateMemberBody = memberFields.extend({ id: z.uuid().optional() });
/** Mutation `members.update` (every field, as on the form); REST `PUT /api/v1/admin/members/{id}`. */
export const updateMemberArgs = memberFields.extend({ id: z.uuid() });
/** Mutations `members.approve`, `members.reject` (a pending sign-up), `members.delete`, `members.deletePin`. */
export const memberIdArgs = z.object({ id: z.uuid() });
/** Mutation `members.setPin`. */
export const setMemberPinArgs = z.object({ id: z.uuid(), pin: pinField });

export const memberMutations = {
  'members.create': createMemberArgs,
  'members.update': updateMemberArgs,
  'members.approve': memberIdArgs,
  'members.reject': memberIdArgs,
  'members.delete': memberIdArgs,
  'members.setPin': setMemberPinArgs,
  'members.deletePin': memberIdArgs,
} as const;
export type MemberMutationName = keyof typeof memberMutations;

/**
 * `POST /api/v1/admin/members/{id}/reset-password` (online only). A college with SMTP
 * settings mails the member a reset link (`mode: mail`); one without (its mail only lands in
 * the mail outbox) gets a one-time temporary password, shown once to the administrator
 * (`mode: temporary`). Either way every device of the member is signed out.
 */
export const resetMemberPasswordResponse = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('mail'), email: z.string() }),
  z.object({ mode: z.literal('temporary'), temporary_password: z.string() }),
]);
export type ResetMemberPasswordResponse = z.infer<typeof resetMemberPasswordResponse>;

/**
 * `POST /api/v1/members/{id}/verify-pin` (staff and administrators): whether the PIN a
 * member says in person is theirs. 5 wrong tries per member in 15 minutes answer 429.
 */
export const verifyPinRequest = z.object({ pin: pinField });
export const verifyPinResponse = z.object({ valid: z.boolean() });

/**
 * One row of a members import, as the device read it from a CSV file (papaparse): every
 * cell a string, as typed. Columns (header names, any order, case-insensitive, in English
 * or Spanish — see `importColumns`): name, first_lastname, second_lastname, email, rut,
 * phone, birthdate (YYYY-MM-DD or DD-MM-YYYY), role (admin/staff/student/guardian or their
 * Spanish names), place (a place's name), sections (section labels "<grade> <section>",
 * e.g. "1° Básico A", separated by ";"), children (a guardian's children by rut or email,
 * separated by ";"; they may be students earlier in the same file).
 */
export const importCell = text({ max: 500 }).default('');
export const memberImportRow = z.object({
  name: importCell,
  first_lastname: importCell,
  second_lastname: importCell,
  email: importCell,
  rut: importCell,
  phone: importCell,
  birthdate: importCell,
  role: importCell,
  place: importCell,
  sections: importCell,
  children: importCell,
});
export type MemberImportRow = z.infer<typeof memberImportRow>;

/** The header names accepted for each column (lower-cased, accents removed before matching). */
export const importColumns: Record<keyof MemberImportRow, readonly string[]> = {
  name: ['name', 'nombre', 'nombres'],
  first_lastname: ['first_lastname', 'first lastname', 'apellido paterno', 'primer apellido'],
  second_lastname: ['second_lastname', 'second lastname', 'apellido materno', 'segundo apellido'],
  email: ['email', 'e-mail', 'correo', 'correo electronico'],
  rut: ['rut', 'run'],
  phone: ['phone', 'telefono', 'celular'],
  birthdate: ['birthdate', 'fecha de nacimiento', 'nacimiento'],
  role: ['role', 'rol'],
  place: ['place', 'sede'],
  sections: ['sections', 'section', 'secciones', 'seccion', 'curso'],
  children: ['children', 'hijos', 'pupilos', 'alumnos'],
};

export const maxImportRows = 5000;

/**
 * `POST /api/v1/admin/members/import`: `confirm: false` checks every row against the college
 * and answers the errors per row (nothing written); `confirm: true` writes every row in one
 * transaction, or nothing (422 with the same errors) when any row is wrong.
 */
export const memberImportRequest = z.object({
  rows: z.array(memberImportRow).min(1, { error: messages.importEmpty }).max(maxImportRows, { error: messages.importTooLarge }),
  confirm: z.boolean().default(false),
});
export type MemberImportRequest = z.input<typeof memberImportRequest>;

/** Errors of one row, by column, in the API's English messages; `line` is the row's index in `rows` (0-based). */
export const memberImportRowErrors = z.object({ line: z.number().int(), errors: z.record(z.string(), z.array(z.string())) });
export const memberImportResponse = z.object({
  /** Rows that would be (confirm false) or were (confirm true) created. */
  valid: z.number().int(),
  created: z.number().int(),
  rows: z.array(memberImportRowErrors),
});
export type MemberImportResponse = z.infer<typeof memberImportResponse>;

/** `GET /api/v1/admin/members` for clients that do not sync (paginated, as the original app's lists). */
export const memberListQuery = z.object({
  q: text({ max: 100, trim: true }).optional(),
  role: z.enum(roles).optional(),
  status: z.enum(memberStatuses).optional(),
  place_id: z.uuid().optional(),
  section_id: z.uuid().optional(),
  without_pin: z.enum(['1', 'true']).optional(),
  sort: z.enum(['name', '-name', 'created_at', '-created_at', 'role', '-role']).default('name'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
});
export const memberListResponse = z.object({
  data: z.array(memberRow),
  meta: z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int(), last_page: z.number().int() }),
});
