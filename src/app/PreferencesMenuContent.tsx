import './preferencesMenu.css';
import { useLingui } from '@lingui/react/macro';
import { DropdownMenu } from 'radix-ui';
import { useEffect, useId, useRef } from 'react';
import { chooseAndActivateLocale } from '../i18n/activateLocale';
import { autonymOf, directionOf, matchLocale, supportedLocales } from '../i18n/locales';
import { parseThemePreference, useTheme } from '../theme/theme';
import { themeChoices, themeIcons, themeNames } from '../theme/themeChoices';
import { CheckIcon } from '../ui/icons';
import { PreferencesTriggerFace, type PreferencesSummary } from './PreferencesTrigger';

export interface PreferencesMenuContentProps {
  summary: PreferencesSummary;
  /** Someone pressed the stand-in button before this arrived. */
  defaultOpen: boolean;
  /** The stand-in button had the focus: this button takes it over. */
  focusTrigger: boolean;
}

/** Radix DropdownMenu: arrow keys move, Enter or a tap chooses, Escape closes. */
export function PreferencesMenuContent({ summary, defaultOpen, focusTrigger }: PreferencesMenuContentProps) {
  const { t, i18n } = useLingui();
  const { setPreference } = useTheme();
  const trigger = useRef<HTMLButtonElement>(null);
  const languageId = useId();
  const themeId = useId();
  useEffect(() => {
    if (focusTrigger && !defaultOpen) trigger.current?.focus();
    // Only when it replaces the stand-in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen} dir={directionOf(summary.locale)} modal={false}>
      <DropdownMenu.Trigger ref={trigger} className="prefs-trigger" aria-label={summary.label} title={summary.label}>
        <PreferencesTriggerFace language={summary.language} preference={summary.preference} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={6} collisionPadding={8}>
          <DropdownMenu.Label id={languageId} className="menu-label">
            {t`Language`}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            aria-labelledby={languageId}
            value={summary.locale}
            onValueChange={(value) => {
              const next = matchLocale(value, supportedLocales);
              if (next) void chooseAndActivateLocale(next);
            }}
          >
            {supportedLocales.map((locale) => (
              <DropdownMenu.RadioItem key={locale} value={locale} className="menu-item" lang={locale}>
                <span className="menu-check">
                  <DropdownMenu.ItemIndicator>
                    <CheckIcon />
                  </DropdownMenu.ItemIndicator>
                </span>
                <span dir="auto">{autonymOf(locale)}</span>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Label id={themeId} className="menu-label">
            {t`Theme`}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup aria-labelledby={themeId} value={summary.preference} onValueChange={(value) => setPreference(parseThemePreference(value))}>
            {themeChoices.map((choice) => {
              const Icon = themeIcons[choice];
              return (
                <DropdownMenu.RadioItem key={choice} value={choice} className="menu-item">
                  <span className="menu-check">
                    <DropdownMenu.ItemIndicator>
                      <CheckIcon />
                    </DropdownMenu.ItemIndicator>
                  </span>
                  <Icon className="icon menu-item-icon" />
                  <span>{i18n._(themeNames[choice])}</span>
                </DropdownMenu.RadioItem>
              );
            })}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
