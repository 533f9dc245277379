/**
 * The validation and error messages the API sends, in English (the source language).
 * Server and client validate with the same zod schemas, so both produce these texts; the
 * client translates them through Lingui by looking them up here (src/i18n/serverMessages).
 * The wording follows the original app (spec §5, §8) so its clients keep understanding us.
 */
export const messages = {
  required: 'field required.',
  nameRequired: 'Your name is required',
  emailInvalid: 'Please enter a valid email address',
  emailField: 'A valid email address should be provided.',
  rutInvalid: 'Please enter a valid RUT',
  passwordMin: 'Password must be at least 8 characters long',
  passwordTooLong: 'The password may not be longer than 200 characters',
  passwordConfirm: 'Please confirm your password',
  passwordMismatch: 'Password does not match',
  currentPasswordWrong: 'The current password is incorrect.',
  emailOrRut: 'Enter your email or your RUT.',
  credentials: 'These credentials do not match our records.',
  pendingApproval: 'Your account is waiting for approval by the school.',
  accountDisabled: 'This account has been disabled. Contact the school.',
  throttled: 'Too many sign-in attempts. Please try again later.',
  emailTaken: 'This email is already registered.',
  rutTaken: 'This RUT is already registered.',
  signupClosed: 'This school does not allow self sign-up. Please contact the school.',
  resetInvalid: 'This password reset link is invalid or has expired.',
  avatarType: 'The avatar must be a JPEG, PNG, WebP or GIF image.',
  avatarSize: 'The avatar may not be larger than 2 MB.',
  birthdateInvalid: 'Please enter a valid date of birth',
  phoneInvalid: 'Please enter a valid phone number',
  tooLong: 'This text is too long.',
  invalidData: 'The given data was invalid.',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'This action is unauthorized.',
  notFound: 'Not found.',
  collegeNotFound: 'No school is registered for this address.',
  conflict: 'This change conflicts with the current state.',
  tooManyRequests: 'Too Many Attempts.',
  payloadTooLarge: 'The request is too large.',
  malformedBody: 'The request body could not be read.',
  serverError: 'Server Error',
  signedOut: 'You have been signed out.',
  resetLinkSent: 'If an account exists for this email, we have sent a link to reset the password.',
  passwordReset: 'Your password has been reset.',
  passwordUpdated: 'Your password has been updated.',
  signupPending: 'Your account has been created and is waiting for approval by the school.',
  postTitleRequired: 'The title is required.',
  postContentRequired: 'The content is required.',
  postCategoryRequired: 'Choose a category.',
  postCoursesRequired: 'Choose at least one course.',
  postGradesRequired: 'Choose at least one grade.',
  postSectionsRequired: 'Choose at least one section.',
  postScopeInvalid: 'Choose who the publication is for.',
  postNotFound: 'This publication no longer exists.',
  unknownReference: 'This choice no longer exists. Please choose again.',
} as const;

export type MessageKey = keyof typeof messages;
export type MessageText = (typeof messages)[MessageKey];
