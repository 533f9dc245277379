import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { messages, type MessageText } from '../../contract/messages';

/**
 * The API speaks English (contract/messages.ts); the UI translates each of its texts by
 * looking it up here. A text not listed (a newer server) shows as it came.
 */
export const serverMessageDescriptors: Record<MessageText, MessageDescriptor> = {
  [messages.required]: msg`field required.`,
  [messages.nameRequired]: msg`Your name is required`,
  [messages.emailInvalid]: msg`Please enter a valid email address`,
  [messages.emailField]: msg`A valid email address should be provided.`,
  [messages.rutInvalid]: msg`Please enter a valid RUT`,
  [messages.passwordMin]: msg`Password must be at least 8 characters long`,
  [messages.passwordTooLong]: msg`The password may not be longer than 200 characters`,
  [messages.passwordConfirm]: msg`Please confirm your password`,
  [messages.passwordMismatch]: msg`Password does not match`,
  [messages.currentPasswordWrong]: msg`The current password is incorrect.`,
  [messages.emailOrRut]: msg`Enter your email or your RUT.`,
  [messages.credentials]: msg`These credentials do not match our records.`,
  [messages.pendingApproval]: msg`Your account is waiting for approval by the school.`,
  [messages.accountDisabled]: msg`This account has been disabled. Contact the school.`,
  [messages.throttled]: msg`Too many sign-in attempts. Please try again later.`,
  [messages.emailTaken]: msg`This email is already registered.`,
  [messages.rutTaken]: msg`This RUT is already registered.`,
  [messages.signupClosed]: msg`This school does not allow self sign-up. Please contact the school.`,
  [messages.resetInvalid]: msg`This password reset link is invalid or has expired.`,
  [messages.avatarType]: msg`The avatar must be a JPEG, PNG, WebP or GIF image.`,
  [messages.avatarSize]: msg`The avatar may not be larger than 2 MB.`,
  [messages.birthdateInvalid]: msg`Please enter a valid date of birth`,
  [messages.phoneInvalid]: msg`Please enter a valid phone number`,
  [messages.tooLong]: msg`This text is too long.`,
  [messages.textInvalid]: msg`This text contains characters that cannot be saved.`,
  [messages.dateInvalid]: msg`Please enter a valid date.`,
  [messages.invalidData]: msg`The given data was invalid.`,
  [messages.unauthenticated]: msg`Unauthenticated.`,
  [messages.forbidden]: msg`This action is unauthorized.`,
  [messages.notFound]: msg`Not found.`,
  [messages.collegeNotFound]: msg`No school is registered for this address.`,
  [messages.conflict]: msg`This change conflicts with the current state.`,
  [messages.tooManyRequests]: msg`Too Many Attempts.`,
  [messages.payloadTooLarge]: msg`The request is too large.`,
  [messages.serverError]: msg`Server Error`,
  [messages.malformedBody]: msg`The request body could not be read.`,
  [messages.signedOut]: msg`You have been signed out.`,
  [messages.resetLinkSent]: msg`If an account exists for this email, we have sent a link to reset the password.`,
  [messages.passwordReset]: msg`Your password has been reset.`,
  [messages.passwordUpdated]: msg`Your password has been updated.`,
  [messages.signupPending]: msg`Your account has been created and is waiting for approval by the school.`,
  [messages.postTitleRequired]: msg`The title is required.`,
  [messages.postContentRequired]: msg`The content is required.`,
  [messages.postCategoryRequired]: msg`Choose a category.`,
  [messages.postCoursesRequired]: msg`Choose at least one course.`,
  [messages.postGradesRequired]: msg`Choose at least one grade.`,
  [messages.postSectionsRequired]: msg`Choose at least one section.`,
  [messages.postScopeInvalid]: msg`Choose who the publication is for.`,
  [messages.postNotFound]: msg`This publication no longer exists.`,
  [messages.unknownReference]: msg`This choice no longer exists. Please choose again.`,
  [messages.eventNameRequired]: msg`The event name is required.`,
  [messages.eventCategoryInvalid]: msg`Choose what kind of event it is.`,
  [messages.eventStartInvalid]: msg`Please enter a valid start.`,
  [messages.eventEndInvalid]: msg`Please enter a valid end.`,
  [messages.eventEndBeforeStart]: msg`The end must be after the start.`,
  [messages.eventTooLong]: msg`An event can last at most a year.`,
  [messages.eventRepeatEnd]: msg`Choose when the repetition ends.`,
  [messages.eventRepeatCount]: msg`An event can repeat from 2 to 500 times.`,
  [messages.eventRepeatUntil]: msg`The repetition must end after the event starts, within two years.`,
  [messages.eventRangeInvalid]: msg`Choose a range of at most 400 days, its start before its end.`,
  [messages.eventNotFound]: msg`This event no longer exists.`,
  [messages.calendarFeedNotFound]: msg`This calendar link is not valid any more.`,
};

export function translateServerMessage(i18n: I18n, text: string): string {
  const descriptor = (serverMessageDescriptors as Record<string, MessageDescriptor | undefined>)[text];
  return descriptor ? i18n._(descriptor) : text;
}
