import { describe, expect, it } from 'vitest';
import { chooseLocale, directionOf, supportedLocales } from '../../../src/i18n/locales';

describe('choosing the interface language', () => {
  it('prefers the stored choice over the college language', () => {
    expect(chooseLocale('fr', 'es', supportedLocales)).toBe('fr');
  });

  it('uses the college language when nothing is stored', () => {
    expect(chooseLocale(null, 'es', supportedLocales)).toBe('es');
  });

  it('falls back to en without a stored choice or a known college language', () => {
    expect(chooseLocale(null, null, supportedLocales)).toBe('en');
    expect(chooseLocale(undefined, 'tlh', supportedLocales)).toBe('en');
  });

  it('ignores an unsupported stored value', () => {
    expect(chooseLocale('klingon', 'es', supportedLocales)).toBe('es');
  });

  it('keeps a regional choice such as es-MX, whatever its spelling', () => {
    expect(chooseLocale('es-MX', 'es', supportedLocales)).toBe('es-MX');
    expect(chooseLocale('es_mx', 'en', supportedLocales)).toBe('es-MX');
    expect(chooseLocale(null, 'zh-cn', supportedLocales)).toBe('zh-CN');
  });

  it('maps a college language with an unsupported region to its language', () => {
    expect(chooseLocale(null, 'es-CL', supportedLocales)).toBe('es');
  });
});

describe('text direction', () => {
  it('is right to left for Arabic and Hebrew, including regions', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('ar-EG')).toBe('rtl');
    expect(directionOf('he-IL')).toBe('rtl');
  });

  it('is left to right for French, Chinese and English', () => {
    expect(directionOf('fr')).toBe('ltr');
    expect(directionOf('zh-CN')).toBe('ltr');
    expect(directionOf('en')).toBe('ltr');
  });
});
