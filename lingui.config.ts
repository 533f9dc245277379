import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * en is the source; es, es-MX, fr, zh-CN, ar and de are all complete (checked by
 * scripts/checkCatalogs). The fallbacks only cover a message between its extraction and its
 * translation: es-MX falls back to es first, every other language to en.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'es-MX', 'fr', 'zh-CN', 'ar', 'de'],
  fallbackLocales: { 'es-MX': 'es', default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
    },
  ],
  // Origins without line numbers: a change elsewhere in a file does not touch every catalog.
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
