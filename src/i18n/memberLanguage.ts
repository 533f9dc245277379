import { i18n } from '@lingui/core';
import { requestVoid } from '../api/client';
import { readToken } from '../storage/tokenStorage';
import { matchLocale, supportedLocales } from './locales';

/**
 * Tells the server the language a signed-in member uses the app in, so their emails are
 * written in it (`PUT /api/v1/profile/language`): on choosing a language and after signing
 * in. Best effort: signed out, offline or refused, nothing happens and nothing is thrown;
 * the next choice or sign-in says it again. Loaded on demand (src/i18n/activateLocale.ts,
 * src/session/session.ts), never in the first paint.
 */
export async function reportMemberLanguage(locale: string = i18n.locale): Promise<void> {
  const language = matchLocale(locale, supportedLocales);
  if (!language || readToken() === null || !navigator.onLine) return;
  try {
    await requestVoid('put', 'api/v1/profile/language', { json: { language } });
  } catch {
    // Best effort (see above).
  }
}
