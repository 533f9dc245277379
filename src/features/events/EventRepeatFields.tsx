import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { dayParts } from '../../../contract/eventTime';
import type { FieldErrors } from '../../forms/fieldErrors';
import { FieldError } from '../../ui/FieldError';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { DateField } from './DateField';
import type { EventFormValues } from './eventFormValues';

export interface EventRepeatFieldsProps {
  values: EventFormValues;
  errors: FieldErrors;
  onChange: (values: EventFormValues) => void;
  today: string;
}

/** The start day's weekday in the page's language ("martes"), or null without a day. */
function weekdayOf(day: string, locale: string): string | null {
  const parts = dayParts(day);
  if (!parts) return null;
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(parts[0], parts[1] - 1, parts[2])));
}

/**
 * Weekly or monthly repetition (RFC 5545 `RRULE`), which ends on a date or after a number
 * of times: the contract wants exactly one, so only the chosen one is shown and sent.
 */
export function EventRepeatFields({ values, errors, onChange, today }: EventRepeatFieldsProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const endErrorId = `${id}-error`;
  const set = (patch: Partial<EventFormValues>) => onChange({ ...values, ...patch });
  const weekday = weekdayOf(values.startDay, i18n.locale);
  const dayNumber = dayParts(values.startDay)?.[2];
  const monthDay = dayNumber === undefined ? null : new Intl.NumberFormat(i18n.locale).format(dayNumber);

  return (
    <div className="event-repeat">
      <Select
        label={t`Repeats`}
        name="repeat"
        value={values.repeat}
        onChange={(event) => set({ repeat: event.target.value as EventFormValues['repeat'] })}
        options={[
          { value: 'none', label: t`Does not repeat` },
          { value: 'weekly', label: weekday ? t`Every week on ${weekday}` : t`Every week` },
          { value: 'monthly', label: monthDay ? t`Every month on day ${monthDay}` : t`Every month` },
        ]}
      />
      {values.repeat === 'none' ? null : (
        <fieldset
          className="event-repeat-end"
          data-field="repeat"
          aria-invalid={errors.repeat ? true : undefined}
          aria-describedby={errors.repeat ? endErrorId : undefined}
        >
          <legend className="field-label">
            <Trans>The repetition ends</Trans>
          </legend>
          <div className="event-repeat-choices">
            <label className="event-repeat-choice">
              <input type="radio" name="repeat_end" value="until" checked={values.repeatEnd === 'until'} onChange={() => set({ repeatEnd: 'until' })} />
              <span>
                <Trans>On a date</Trans>
              </span>
            </label>
            <label className="event-repeat-choice">
              <input type="radio" name="repeat_end" value="count" checked={values.repeatEnd === 'count'} onChange={() => set({ repeatEnd: 'count' })} />
              <span>
                <Trans>After a number of times</Trans>
              </span>
            </label>
          </div>
          {values.repeatEnd === 'until' ? (
            <DateField
              label={t`Last date`}
              name="repeat.until"
              value={values.until}
              onChange={(until) => set({ until })}
              error={errors['repeat.until']}
              today={today}
            />
          ) : (
            <TextField
              className="event-repeat-count"
              label={t`Number of times`}
              name="repeat.count"
              inputMode="numeric"
              valueDir="ltr"
              value={values.count}
              onChange={(event) => set({ count: event.target.value })}
              error={errors['repeat.count']}
              hint={t`From 2 to 500, counting the first.`}
            />
          )}
          <FieldError id={endErrorId} message={errors.repeat} />
        </fieldset>
      )}
    </div>
  );
}
