import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * en is the source; es, es-MX, fr and zh-CN are complete (checked by scripts/checkCatalogs);
 * ar and de are partial and fall back to en. es-MX falls back to es first.
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
