import { describe, expect, it } from 'vitest';
import { createThemeController, parseThemePreference, resolveTheme, type ColorSchemeQuery, type ResolvedTheme } from '../../../src/theme/theme';

/** A media query whose answer the test flips, as the OS would. */
class FakeColorScheme extends EventTarget implements ColorSchemeQuery {
  matches = false;
  flip(dark: boolean): void {
    this.matches = dark;
    this.dispatchEvent(new Event('change'));
  }
  override addEventListener(type: 'change', listener: () => void): void {
    super.addEventListener(type, listener);
  }
}

describe('theme', () => {
  it('resolves light and dark as chosen and auto from the system', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('auto', true)).toBe('dark');
    expect(resolveTheme('auto', false)).toBe('light');
  });

  it('treats an unknown stored value as auto', () => {
    expect(parseThemePreference('sepia')).toBe('auto');
    expect(parseThemePreference(null)).toBe('auto');
  });

  it('follows the system scheme live in auto, and not when a theme is chosen', () => {
    const query = new FakeColorScheme();
    const applied: ResolvedTheme[] = [];
    const controller = createThemeController(query, (theme) => applied.push(theme), 'auto');
    expect(applied.at(-1)).toBe('light');
    query.flip(true);
    expect(applied.at(-1)).toBe('dark');
    expect(controller.getResolved()).toBe('dark');

    controller.setPreference('light');
    query.flip(false);
    query.flip(true);
    expect(applied.at(-1)).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('puts the dark class on <html> for the dark theme', () => {
    const controller = createThemeController(null, undefined, 'dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    controller.setPreference('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });
});
