import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { MonitorIcon, MoonIcon, SunIcon } from '../ui/icons';
import type { ThemePreference } from './theme';

/** The theme choices in the order they are offered, each with its name and icon. */
export const themeChoices: readonly ThemePreference[] = ['auto', 'light', 'dark'];

export const themeNames: Record<ThemePreference, MessageDescriptor> = {
  auto: msg`Same as the device`,
  light: msg`Light`,
  dark: msg`Dark`,
};

export const themeIcons: Record<ThemePreference, typeof SunIcon> = {
  auto: MonitorIcon,
  light: SunIcon,
  dark: MoonIcon,
};
