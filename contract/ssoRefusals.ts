import { messages, type MessageKey, type MessageText } from './messages';

/**
 * Why a single sign-on was refused (docs/features/sso.md): the `sso_error` code the server's
 * redirect puts in `/auth/login?sso_error=…`, and the message each one shows. No zod here:
 * the sign-in screen reads it before its first paint.
 */
export const ssoRefusals = {
  not_offered: 'ssoNotOffered',
  provider_down: 'ssoProviderDown',
  state: 'ssoExpired',
  token: 'ssoTokenInvalid',
  unverified: 'ssoUnverifiedEmail',
  domain: 'ssoDomain',
  unknown: 'ssoUnknownMember',
  disabled: 'ssoDisabled',
} as const satisfies Record<string, MessageKey>;
export type SsoRefusalCode = keyof typeof ssoRefusals;

/** The message of an `sso_error` code; a code this app does not know (a newer server) says to start again. */
export function ssoRefusalMessage(code: string): MessageText {
  return Object.hasOwn(ssoRefusals, code) ? messages[ssoRefusals[code as SsoRefusalCode]] : messages.ssoExpired;
}
