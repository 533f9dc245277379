import { useLingui } from '@lingui/react/macro';
import { IconButton } from '../ui/IconButton';
import { MonitorIcon, MoonIcon, SunIcon } from '../ui/icons';
import { useTheme, type ThemePreference } from './theme';

const next: Record<ThemePreference, ThemePreference> = { light: 'dark', dark: 'auto', auto: 'light' };

/** One button cycling light → dark → auto; its label says the current choice. */
export function ThemeToggle() {
  const { t } = useLingui();
  const { preference, setPreference } = useTheme();
  const labels: Record<ThemePreference, string> = {
    light: t`Theme: light`,
    dark: t`Theme: dark`,
    auto: t`Theme: same as the device`,
  };
  const Icon = preference === 'light' ? SunIcon : preference === 'dark' ? MoonIcon : MonitorIcon;
  return (
    <IconButton label={labels[preference]} onClick={() => setPreference(next[preference])}>
      <Icon />
    </IconButton>
  );
}
