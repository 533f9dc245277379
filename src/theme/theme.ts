import { useSyncExternalStore } from 'react';
import { readLocal, writeLocal } from '../storage/localValue';

export type ThemePreference = 'light' | 'dark' | 'auto';
export type ResolvedTheme = 'light' | 'dark';
export const themeStorageKey = 'theme';
export const themePreferences: readonly ThemePreference[] = ['light', 'dark', 'auto'];

export function parseThemePreference(value: string | null | undefined): ThemePreference {
  return value === 'light' || value === 'dark' ? value : 'auto';
}

export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === 'auto') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

/** What the controller needs of `matchMedia('(prefers-color-scheme: dark)')`. */
export interface ColorSchemeQuery {
  readonly matches: boolean;
  addEventListener(type: 'change', listener: () => void): void;
}

export function applyResolvedTheme(theme: ResolvedTheme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

/**
 * Keeps <html> in step with the preference; in auto it follows the system scheme live
 * (the media query's change event), without a reload.
 */
export function createThemeController(
  query: ColorSchemeQuery | null,
  apply: (theme: ResolvedTheme) => void = applyResolvedTheme,
  initial: ThemePreference = parseThemePreference(readLocal(themeStorageKey)),
) {
  let preference = initial;
  const listeners = new Set<() => void>();
  const resolved = (): ResolvedTheme => resolveTheme(preference, query?.matches ?? false);
  const notify = (): void => {
    apply(resolved());
    for (const listener of listeners) listener();
  };
  query?.addEventListener('change', () => {
    if (preference === 'auto') notify();
  });
  apply(resolved());
  return {
    getPreference: (): ThemePreference => preference,
    getResolved: resolved,
    setPreference: (next: ThemePreference): void => {
      preference = next;
      writeLocal(themeStorageKey, next);
      notify();
    },
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ThemeController = ReturnType<typeof createThemeController>;

let controller: ThemeController | null = null;

export function startTheme(): ThemeController {
  controller ??= createThemeController(typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null);
  return controller;
}

export function useTheme(): { preference: ThemePreference; resolved: ResolvedTheme; setPreference: (next: ThemePreference) => void } {
  const theme = startTheme();
  const preference = useSyncExternalStore(theme.subscribe, theme.getPreference);
  const resolved = useSyncExternalStore(theme.subscribe, theme.getResolved);
  return { preference, resolved, setPreference: theme.setPreference };
}
