import 'react-day-picker/style.css';
import { useLingui } from '@lingui/react/macro';
import { Popover } from 'radix-ui';
import { useId, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { dayParts } from '../../../contract/eventTime';
import { directionOf } from '../../i18n/locales';
import { FieldError } from '../../ui/FieldError';
import { CalendarIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { numeralsOf, useDayPickerLocale } from './dayPickerLocale';

export interface DateFieldProps {
  label: string;
  /** `YYYY-MM-DD`, or '' when none is chosen. */
  value: string;
  onChange: (day: string) => void;
  /** The form field it stands for (the form moves focus to the first one in error). */
  name: string;
  error?: string | undefined;
  /** Texts about it shown elsewhere: its row's error, a hint. */
  describedBy?: string | undefined;
  invalid?: boolean;
  /** The college's today (`YYYY-MM-DD`), marked in the calendar. */
  today?: string | undefined;
}

/** A day as a local Date at noon (no daylight-saving change moves it to another day). */
function localDate(day: string): Date | undefined {
  const parts = dayParts(day);
  return parts ? new Date(parts[0], parts[1] - 1, parts[2], 12) : undefined;
}

const two = (n: number) => String(n).padStart(2, '0');
const dayOfLocal = (date: Date) => `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;

/** The day as the page's language writes it ("mié, 18 nov 2026"), whatever the browser's. */
export function formatDay(day: string, locale: string): string {
  const parts = dayParts(day);
  if (!parts) return '';
  const format = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return format.format(new Date(Date.UTC(parts[0], parts[1] - 1, parts[2])));
}

/**
 * A date in the page's language, not the browser's (a native date input follows the
 * browser's): a button showing the day, opening a month calendar in a popover (weeks start
 * on Monday; arrows, Page Up/Down and Home/End move, Enter chooses, Escape closes and
 * focus returns to the button).
 */
export function DateField({ label, value, onChange, name, error, describedBy, invalid, today }: DateFieldProps) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const [open, setOpen] = useState(false);
  const pickerLocale = useDayPickerLocale(locale);
  const id = useId();
  const labelId = `${id}-label`;
  const textId = `${id}-text`;
  const errorId = `${id}-error`;
  const selected = localDate(value);
  const shown = formatDay(value, locale);
  const dir = directionOf(locale);
  const describedByIds = [error ? errorId : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined;

  return (
    <div className="field date-field">
      <label id={labelId} className="field-label" htmlFor={id}>
        {label}
      </label>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <button
            id={id}
            type="button"
            className="input picker-button"
            data-field={name}
            aria-labelledby={`${labelId} ${textId}`}
            aria-describedby={describedByIds}
            aria-invalid={error || invalid ? true : undefined}
          >
            <span id={textId} className={shown ? 'picker-button-text' : 'picker-button-text picker-button-empty'}>
              {shown || t`Choose a date`}
            </span>
            <CalendarIcon />
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            className="date-popover"
            align="start"
            sideOffset={6}
            collisionPadding={8}
            aria-label={label}
            dir={dir}
            // DayPicker moves focus to the chosen day itself (autoFocus).
            onOpenAutoFocus={(event) => event.preventDefault()}
          >
            {pickerLocale ? (
              <DayPicker
                mode="single"
                required
                selected={selected}
                onSelect={(date: Date) => {
                  onChange(dayOfLocal(date));
                  setOpen(false);
                }}
                defaultMonth={selected ?? localDate(today ?? '')}
                today={localDate(today ?? '')}
                weekStartsOn={1}
                locale={pickerLocale}
                dir={dir}
                lang={locale}
                numerals={numeralsOf(locale)}
                showOutsideDays
                fixedWeeks
                autoFocus
              />
            ) : (
              <div className="date-popover-loading">
                <Spinner label={t`Loading…`} />
              </div>
            )}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
