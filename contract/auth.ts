import { z } from './zod';
import { messages } from './messages';
import { roles } from './permissions';
import { isValidRut } from './rut';
import { text } from './text';

export const passwordMinLength = 8;
const passwordMaxLength = 200;

const requiredText = (max = 255) => text({ max, trim: true, error: messages.required }).min(1, { error: messages.required });

/** Longer than any RUT however it is written (`12.345.678-5`). */
const rutMaxLength = 20;

export const emailField = z
  .string({ error: messages.required })
  .trim()
  .toLowerCase()
  .min(1, { error: messages.required })
  .max(254, { error: messages.tooLong })
  .pipe(z.email({ error: messages.emailInvalid }));

export const rutField = z
  .string({ error: messages.rutInvalid })
  .trim()
  .max(rutMaxLength, { error: messages.rutInvalid })
  .refine(isValidRut, { error: messages.rutInvalid });

export const newPasswordField = z
  .string({ error: messages.required })
  .min(1, { error: messages.required })
  .min(passwordMinLength, { error: messages.passwordMin })
  .max(passwordMaxLength, { error: messages.passwordTooLong });

/** The user as the API returns it (`GET /api/v1/user`, login, profile update). */
export const user = z.object({
  id: z.string(),
  college_id: z.string(),
  role: z.enum(roles),
  status: z.enum(['active', 'pending', 'disabled']),
  name: z.string(),
  first_lastname: z.string(),
  second_lastname: z.string(),
  email: z.string(),
  /** Display form `12.345.678-5`, or null when the user has none. */
  rut: z.string().nullable(),
  phone: z.string(),
  /** `YYYY-MM-DD` or null. */
  birthdate: z.string().nullable(),
  /** Same-origin URL of the avatar image, or null. */
  avatar: z.string().nullable(),
  place_id: z.string().nullable(),
  section_ids: z.array(z.string()),
  created_at: z.string(),
});
export type User = z.infer<typeof user>;

/** `POST /api/login-mobile`: `{email, password}` or `{rut, password}`. */
export const loginRequest = z
  .object({
    email: text({ max: 254 }).optional(),
    rut: z.string().max(rutMaxLength, { error: messages.rutInvalid }).optional(),
    password: z.string({ error: messages.required }).min(1, { error: messages.required }).max(passwordMaxLength, { error: messages.passwordTooLong }),
  })
  .superRefine((value, ctx) => {
    const hasEmail = (value.email ?? '').trim() !== '';
    const hasRut = (value.rut ?? '').trim() !== '';
    if (!hasEmail && !hasRut) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: messages.emailOrRut });
    }
    if (hasEmail && !z.email().safeParse(value.email!.trim()).success) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: messages.emailInvalid });
    }
    if (hasRut && !isValidRut(value.rut!)) {
      ctx.addIssue({ code: 'custom', path: ['rut'], message: messages.rutInvalid });
    }
  });
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({ token: z.string(), user });
export type LoginResponse = z.infer<typeof loginResponse>;

/** `/auth/signup-no`: name, email, password, password check, promotional-offers opt-in. */
export const signupRequest = z
  .object({
    name: text({ max: 255, trim: true, error: messages.nameRequired }).min(1, { error: messages.nameRequired }),
    email: emailField,
    password: newPasswordField,
    password_confirmation: z
      .string({ error: messages.passwordConfirm })
      .min(1, { error: messages.passwordConfirm })
      .max(passwordMaxLength, { error: messages.passwordTooLong }),
    promotions: z.boolean().default(false),
  })
  .refine((v) => v.password_confirmation === '' || v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    error: messages.passwordMismatch,
  });
export type SignupRequest = z.infer<typeof signupRequest>;

export const signupResponse = z.object({ message: z.string(), status: z.literal('pending') });

export const forgotPasswordRequest = z.object({ email: emailField });

export const resetPasswordRequest = z
  .object({
    token: z.string().min(1, { error: messages.resetInvalid }).max(200),
    email: emailField,
    password: newPasswordField,
    password_confirmation: z
      .string({ error: messages.passwordConfirm })
      .min(1, { error: messages.passwordConfirm })
      .max(passwordMaxLength, { error: messages.passwordTooLong }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    error: messages.passwordMismatch,
  });

/** `PUT /api/v1/users/update/password`. */
export const passwordUpdateRequest = z
  .object({
    current_password: z.string({ error: messages.required }).min(1, { error: messages.required }).max(passwordMaxLength, { error: messages.passwordTooLong }),
    password: newPasswordField,
    password_confirmation: z
      .string({ error: messages.passwordConfirm })
      .min(1, { error: messages.passwordConfirm })
      .max(passwordMaxLength, { error: messages.passwordTooLong }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    error: messages.passwordMismatch,
  });

/**
 * The text fields of the multipart `POST /api/v1/users/update/profile` (`_method=PUT`).
 * Empty optional fields clear the value; the avatar part is checked by its content.
 */
export const profileUpdateFields = z.object({
  name: requiredText().pipe(z.string().min(1, { error: messages.nameRequired })),
  first_lastname: text({ max: 255, trim: true }).default(''),
  second_lastname: text({ max: 255, trim: true }).default(''),
  email: emailField,
  rut: z
    .string()
    .trim()
    .max(rutMaxLength, { error: messages.rutInvalid })
    .default('')
    .refine((v) => v === '' || isValidRut(v), { error: messages.rutInvalid }),
  phone: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || /^\+?[\d\s()-]{6,20}$/.test(v), { error: messages.phoneInvalid }),
  birthdate: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || isPastIsoDate(v), { error: messages.birthdateInvalid }),
});
export type ProfileUpdateFields = z.infer<typeof profileUpdateFields>;

export const avatarMaxBytes = 2 * 1024 * 1024;

function isPastIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  return date.getUTCFullYear() >= 1900 && date.getTime() <= Date.now();
}

/** `POST /api/v1/entries`: the client reports that the app was opened. */
export const entryRequest = z.object({ kind: z.literal('app_open') });
