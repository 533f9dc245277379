import { z } from './zod';
import { loginResponse } from './auth';
import { messages } from './messages';
import { text } from './text';

/**
 * A second factor for administrators and staff (docs/features/second-factor.md): a passkey
 * (WebAuthn) or an authenticator app (TOTP), ten one-time recovery codes, and whether the
 * college requires one of its administrators and of its staff.
 */

export const secondFactorKinds = ['webauthn', 'totp'] as const;
export type SecondFactorKind = (typeof secondFactorKinds)[number];

/** What a sign-in's second step may use: a passkey, an app's code, a recovery code. */
export const secondStepMethods = ['webauthn', 'totp', 'recovery'] as const;
export type SecondStepMethod = (typeof secondStepMethods)[number];

/**
 * `POST /api/login-mobile`'s answer, instead of a session, when the password was right and a
 * second step must follow: the ticket (five minutes, used once) and the methods the member
 * has. `enrolment_required`: the college requires a factor of this member's role and they
 * have none; `methods` is empty and the device enrols one within the ticket first.
 */
export const secondStepRequired = z.object({
  second_factor_required: z.literal(true),
  ticket: z.string(),
  methods: z.array(z.enum(secondStepMethods)),
  enrolment_required: z.boolean(),
  expires_at: z.string(),
});
export type SecondStepRequired = z.infer<typeof secondStepRequired>;

/** Every answer of `POST /api/login-mobile`: a session, or the second step. */
export const loginAnswer = z.union([loginResponse, secondStepRequired]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const isSecondStep = (answer: LoginAnswer): answer is SecondStepRequired => 'second_factor_required' in answer;

const ticketField = z
  .string({ error: messages.secondFactorExpired })
  .min(1, { error: messages.secondFactorExpired })
  .max(200, { error: messages.secondFactorExpired });

/** Six digits; spaces typed between them are forgiven. */
const totpCodeField = z
  .string({ error: messages.secondFactorCodeFormat })
  .max(20, { error: messages.secondFactorCodeFormat })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: messages.secondFactorCodeFormat }));

/** Ten letters and digits, however they were typed (dashes, spaces, case). */
const recoveryCodeField = z
  .string({ error: messages.secondFactorCodeFormat })
  .max(40, { error: messages.secondFactorCodeFormat })
  .min(1, { error: messages.secondFactorCodeFormat });

const label = text({ max: 60, trim: true }).default('');

/**
 * A browser's `PublicKeyCredential` as JSON (`@simplewebauthn/browser` makes it). Only its
 * frame is checked here; `@simplewebauthn/server` checks what it says.
 */
const base64url = z
  .string()
  .max(20_000)
  .regex(/^[A-Za-z0-9_-]*$/);
const credentialFrame = {
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  clientExtensionResults: z.looseObject({}).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};
export const registrationCredential = z.object({
  ...credentialFrame,
  response: z.object({
    clientDataJSON: base64url.min(1),
    attestationObject: base64url.min(1),
    transports: z
      .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
      .max(10)
      .optional(),
  }),
});
export const authenticationCredential = z.object({
  ...credentialFrame,
  response: z.object({
    clientDataJSON: base64url.min(1),
    authenticatorData: base64url.min(1),
    signature: base64url.min(1),
    userHandle: base64url.optional(),
  }),
});

/** The options a browser's ceremony starts from (`navigator.credentials.create/get`), as JSON. */
export const ceremonyOptions = z.looseObject({ challenge: z.string() });
export type CeremonyOptions = z.infer<typeof ceremonyOptions>;

// ——— Enrolment (the signed-in member, `/api/v1/profile/second-factors…`) ———

export const secondFactorView = z.object({
  id: z.string(),
  kind: z.enum(secondFactorKinds),
  label: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type SecondFactorView = z.infer<typeof secondFactorView>;

/** `GET /api/v1/profile/second-factors`. */
export const secondFactorList = z.object({
  factors: z.array(secondFactorView),
  /** Unused recovery codes left (0 without a factor). */
  recovery_codes_left: z.number().int(),
  /** The college requires a second factor of this member's role. */
  required: z.boolean(),
});
export type SecondFactorList = z.infer<typeof secondFactorList>;

/** `POST …/totp`: an app being added; it counts once confirmed with a first code. */
export const totpBeginRequest = z.object({ label });
export const totpBeginResponse = z.object({
  id: z.string(),
  /** The secret in base32, to type when the QR code cannot be scanned. */
  secret: z.string(),
  /** `otpauth://totp/…`, what the QR code carries. */
  uri: z.string(),
});
export type TotpBeginResponse = z.infer<typeof totpBeginResponse>;

/** `POST …/totp/:id/confirm`. */
export const totpConfirmRequest = z.object({ code: totpCodeField });

/** `POST …/webauthn`: the browser's answer to the registration options. */
export const passkeyRegisterRequest = z.object({ label, credential: registrationCredential });

/**
 * A factor added: `recovery_codes` are the ten new codes when it was the member's first
 * factor (shown once), else null.
 */
export const factorAdded = z.object({ factor: secondFactorView, recovery_codes: z.array(z.string()).nullable() });
export type FactorAdded = z.infer<typeof factorAdded>;

/** `POST …/recovery-codes`: a new set replaces the old, shown once. */
export const recoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });

// ——— The second step of a sign-in (`/api/v1/auth/second-factor/…`, public, with the ticket) ———

export const ticketRequest = z.object({ ticket: ticketField });
export const totpStepRequest = z.object({ ticket: ticketField, code: totpCodeField });
export const recoveryStepRequest = z.object({ ticket: ticketField, code: recoveryCodeField });
export const passkeyStepRequest = z.object({ ticket: ticketField, credential: authenticationCredential });

/** Enrolling within the ticket (the college requires a factor the member does not have yet). */
export const ticketTotpBeginRequest = z.object({ ticket: ticketField, label });
export const ticketTotpConfirmRequest = z.object({ ticket: ticketField, id: z.string().max(100), code: totpCodeField });
export const ticketPasskeyRegisterRequest = z.object({ ticket: ticketField, label, credential: registrationCredential });

/** A sign-in that ended with an enrolment: the session and the ten recovery codes, shown once. */
export const enrolledSignIn = loginResponse.extend({ recovery_codes: z.array(z.string()) });
export type EnrolledSignIn = z.infer<typeof enrolledSignIn>;

// ——— An administrator and a member's factors (`/api/v1/admin/members/:id/second-factors`) ———

export const memberFactorsView = z.object({ passkeys: z.number().int(), apps: z.number().int() });
export type MemberFactorsView = z.infer<typeof memberFactorsView>;

// ——— The college's requirement (`/api/v1/admin/security`) ———

export const securitySettingsInput = z.object({ require_for_admins: z.boolean(), require_for_staff: z.boolean() });
export type SecuritySettingsInput = z.infer<typeof securitySettingsInput>;
export const securitySettingsView = securitySettingsInput.extend({ updated_at: z.string().nullable() });
export type SecuritySettingsView = z.infer<typeof securitySettingsView>;
