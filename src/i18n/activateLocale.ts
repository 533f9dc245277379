import { i18n, type Messages } from '@lingui/core';
import { reportStartupFailure } from '../startup/reportStartupFailure';
import { writeLocal } from '../storage/localValue';
import { directionOf, localeStorageKey, sourceLocale, type AppLocale } from './locales';

/** Catalogs are compiled from .po by @lingui/vite-plugin and loaded only when chosen. */
async function loadCatalog(locale: AppLocale): Promise<Messages> {
  const catalog = (await import(`../locales/${locale}/messages.po`)) as { messages: Messages };
  return catalog.messages;
}

export function applyDocumentLocale(locale: string): void {
  const root = document.documentElement;
  root.lang = locale;
  root.dir = directionOf(locale);
}

/**
 * Loads and activates a locale. A catalog that fails to load is logged with its name and
 * the app carries on in en (with the source texts if even en fails).
 */
export async function activateLocale(locale: AppLocale): Promise<AppLocale> {
  try {
    const messages = await loadCatalog(locale);
    i18n.loadAndActivate({ locale, messages });
    applyDocumentLocale(locale);
    return locale;
  } catch (error) {
    reportStartupFailure(`i18n catalog ${locale}`, error);
    if (locale !== sourceLocale) return activateLocale(sourceLocale);
    i18n.loadAndActivate({ locale: sourceLocale, messages: {} });
    applyDocumentLocale(sourceLocale);
    return sourceLocale;
  }
}

/**
 * The user's explicit choice from the language selector: remembered under `locale`, and, for
 * a signed-in member, told to the server for their emails (best effort, never waited for).
 */
export async function chooseAndActivateLocale(locale: AppLocale): Promise<AppLocale> {
  writeLocal(localeStorageKey, locale);
  const active = await activateLocale(locale);
  import('./memberLanguage').then(({ reportMemberLanguage }) => reportMemberLanguage(active)).catch(() => undefined);
  return active;
}
