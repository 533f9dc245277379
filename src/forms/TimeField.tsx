import './timeField.css';
import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { FieldError } from '../ui/FieldError';
import { formatTime, halfHours, parseTime } from './timeText';

export interface TimeFieldProps {
  label: string;
  /** `HH:mm`, or '' when what was typed is not a time. */
  value: string;
  onChange: (time: string) => void;
  name: string;
  error?: string | undefined;
  describedBy?: string | undefined;
  invalid?: boolean;
}

function ClockIcon() {
  return (
    <svg
      className="icon"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

/**
 * A time typed as people write it ("18:00", "6:30 pm", "6pm", "18.30") and shown as the
 * page's language writes it once the field is left (24-hour or 12-hour, as Intl says for
 * that language), with the half hours of the day to choose from beside it.
 */
export function TimeField({ label, value, onChange, name, error, describedBy, invalid }: TimeFieldProps) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const id = useId();
  const errorId = `${id}-error`;
  // What is being typed; null shows the value as the language writes it.
  const [draft, setDraft] = useState<string | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const example = formatTime('18:30', locale);
  const ownError = unreadable ? t`Enter a time such as ${example}.` : undefined;
  const shownError = ownError ?? error;
  const describedByIds = [shownError ? errorId : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined;

  const commit = (text: string) => {
    const parsed = parseTime(text, locale);
    setUnreadable(parsed === null);
    if (parsed !== null) {
      setDraft(null);
      if (parsed !== value) onChange(parsed);
    } else if (value !== '') onChange('');
  };

  return (
    <div className="field time-field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="time-field-control">
        <input
          id={id}
          name={name}
          className="input"
          type="text"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          value={draft ?? formatTime(value, locale)}
          aria-invalid={shownError || invalid ? true : undefined}
          aria-describedby={describedByIds}
          onChange={(event) => {
            const text = event.target.value;
            setDraft(text);
            // A readable time counts at once (the end follows the start while it is typed);
            // an unreadable one only once the field is left.
            const parsed = parseTime(text, locale);
            if (parsed !== null) {
              setUnreadable(false);
              if (parsed !== value) onChange(parsed);
            }
          }}
          onBlur={() => draft !== null && commit(draft)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && draft !== null) commit(draft);
          }}
        />
        <span className="time-suggestions">
          <ClockIcon />
          <select
            aria-label={t`${label}: choose from the list`}
            value={halfHours.includes(value) ? value : ''}
            onChange={(event) => {
              setDraft(null);
              setUnreadable(false);
              onChange(event.target.value);
            }}
          >
            <option value="" disabled>
              {t`Choose a time`}
            </option>
            {halfHours.map((time) => (
              <option key={time} value={time}>
                {formatTime(time, locale)}
              </option>
            ))}
          </select>
        </span>
      </div>
      <FieldError id={errorId} message={shownError} />
    </div>
  );
}
