import { z } from './zod';
import { messages } from './messages';
import { text } from './text';

/**
 * The school's contact directory (the original app's `/admin/contacts`, a contact's page, creating
 * one; its fields were not shown): name, title or role, place, email, phone, notes and who
 * may read it. Administrators write it (`contacts.manage`); every member reads the
 * contacts meant for them, synced (entity `contacts`), and calls or mails with one tap.
 */

/** Who may read a contact: every member of the college, or staff and administrators only. */
export const contactVisibilities = ['all', 'staff'] as const;
export type ContactVisibility = (typeof contactVisibilities)[number];

/** A contact as synced to devices and answered by `GET /api/v1/contacts`. */
export const contactRow = z.object({
  id: z.string(),
  college_id: z.string(),
  name: z.string(),
  /** Title or role ("Secretaría", "Enfermera"); may be empty. */
  title: z.string(),
  /** A place (campus) of the college, or none. */
  place_id: z.string().nullable(),
  /** May be empty. */
  email: z.string(),
  /** As written (`+56 2 2345 6789`); may be empty. */
  phone: z.string(),
  notes: z.string(),
  visibility: z.enum(contactVisibilities),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContactRow = z.infer<typeof contactRow>;

export const contactNameMax = 120;
export const contactTitleMax = 120;
export const contactEmailMax = 254;
export const contactPhoneMax = 30;
export const contactNotesMax = 1000;

/** Digits, spaces, `+`, `-` and parentheses, with at least three digits (`131` is an emergency number). */
export function isContactPhone(value: string): boolean {
  return /^[\d\s()+-]+$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 3;
}

const optionalText = (max: number) => text({ max, trim: true }).default('');

/** The fields an administrator writes: one schema for the form, the mutations and REST. */
export const contactFields = z.object({
  name: text({ max: contactNameMax, trim: true, error: messages.contactNameRequired }).min(1, { error: messages.contactNameRequired }),
  title: optionalText(contactTitleMax),
  place_id: z.uuid({ error: messages.unknownReference }).nullable().default(null),
  email: z
    .string({ error: messages.emailInvalid })
    .trim()
    .toLowerCase()
    .max(contactEmailMax, { error: messages.tooLong })
    .default('')
    .refine((value) => value === '' || z.email().safeParse(value).success, { error: messages.emailInvalid }),
  phone: z
    .string({ error: messages.contactPhoneInvalid })
    .trim()
    .max(contactPhoneMax, { error: messages.tooLong })
    .default('')
    .refine((value) => value === '' || isContactPhone(value), { error: messages.contactPhoneInvalid }),
  notes: optionalText(contactNotesMax),
  visibility: z.enum(contactVisibilities, { error: messages.contactVisibilityInvalid }).default('all'),
});
export type ContactFields = z.infer<typeof contactFields>;
export type ContactFieldsInput = z.input<typeof contactFields>;

/** Mutation `contacts.create` (admin); the device chooses the id (a UUIDv7). */
export const createContactArgs = contactFields.extend({ id: z.uuid() });
export type CreateContactArgs = z.infer<typeof createContactArgs>;
/** `POST /api/v1/admin/contacts`: the id is optional. */
export const restCreateContactBody = contactFields.extend({ id: z.uuid().optional() });
/** Mutation `contacts.update` (admin); REST `PUT /api/v1/admin/contacts/{id}`: every field again. */
export const updateContactArgs = contactFields.extend({ id: z.uuid() });
export type UpdateContactArgs = z.infer<typeof updateContactArgs>;
/** Mutation `contacts.delete` (admin); REST `DELETE /api/v1/admin/contacts/{id}`. */
export const deleteContactArgs = z.object({ id: z.uuid() });

export const contactMutations = {
  'contacts.create': createContactArgs,
  'contacts.update': updateContactArgs,
  'contacts.delete': deleteContactArgs,
} as const;
export type ContactMutationName = keyof typeof contactMutations;

/** `GET /api/v1/contacts`: by name, optionally narrowed by a piece of the name, title, email or phone. */
export const contactListQuery = z.object({
  q: text({ max: 100, trim: true }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type ContactListQuery = z.infer<typeof contactListQuery>;

export const contactListResponse = z.object({ data: z.array(contactRow) });
