import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { FieldErrors } from '../../forms/fieldErrors';
import { Checkbox } from '../../ui/Checkbox';
import { FieldError } from '../../ui/FieldError';
import { GlobeIcon } from '../../ui/icons';
import { DateField } from './DateField';
import { withAllDay, withStart, type EventFormValues } from './eventFormValues';
import { TimeField } from '../../forms/TimeField';

export interface EventWhenFieldsProps {
  values: EventFormValues;
  errors: FieldErrors;
  onChange: (values: EventFormValues) => void;
  /** The college's zone: the times are wall-clock times there. */
  timeZone: string;
  /** The college's today, marked in the calendars. */
  today: string;
}

/** The zone's name in the page's language ("hora de Chile"), or its IANA name. */
function zoneName(timeZone: string, locale: string): string {
  try {
    const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' }).formatToParts(new Date());
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

function deviceZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * All day, start and end. Times are wall-clock times in the college's zone, said beside
 * them when this device is elsewhere (a teacher travelling, a parent abroad).
 */
export function EventWhenFields({ values, errors, onChange, timeZone, today }: EventWhenFieldsProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const startErrorId = `${id}-start-error`;
  const endErrorId = `${id}-end-error`;
  const zoneId = `${id}-zone`;
  const showZone = !values.all_day && deviceZone() !== timeZone;
  const described = (errorId: string, error: string | undefined) => [error ? errorId : '', showZone ? zoneId : ''].filter(Boolean).join(' ') || undefined;
  const zone = zoneName(timeZone, i18n.locale);
  const set = (patch: Partial<EventFormValues>) => onChange({ ...values, ...patch });

  return (
    <>
      <Checkbox label={t`All day`} name="all_day" checked={values.all_day} onChange={(event) => onChange(withAllDay(values, event.target.checked))} />
      <div className={`event-when-row ${values.all_day ? 'event-when-row-days' : ''}`}>
        <DateField
          label={values.all_day ? t`First day` : t`Start date`}
          name="start"
          value={values.startDay}
          onChange={(startDay) => onChange(withStart(values, { startDay }))}
          describedBy={described(startErrorId, errors.start)}
          invalid={Boolean(errors.start)}
          today={today}
        />
        {values.all_day ? null : (
          <TimeField
            label={t`Start time`}
            name="start_time"
            value={values.startTime}
            onChange={(startTime) => onChange(withStart(values, { startTime }))}
            describedBy={described(startErrorId, errors.start)}
            invalid={Boolean(errors.start)}
          />
        )}
        <FieldError id={startErrorId} message={errors.start} />
      </div>
      <div className={`event-when-row ${values.all_day ? 'event-when-row-days' : ''}`}>
        <DateField
          label={values.all_day ? t`Last day` : t`End date`}
          name="end"
          value={values.endDay}
          onChange={(endDay) => set({ endDay })}
          describedBy={described(endErrorId, errors.end)}
          invalid={Boolean(errors.end)}
          today={today}
        />
        {values.all_day ? null : (
          <TimeField
            label={t`End time`}
            name="end_time"
            value={values.endTime}
            onChange={(endTime) => set({ endTime })}
            describedBy={described(endErrorId, errors.end)}
            invalid={Boolean(errors.end)}
          />
        )}
        <FieldError id={endErrorId} message={errors.end} />
      </div>
      {showZone ? (
        <p id={zoneId} className="field-hint event-zone with-icon">
          <GlobeIcon width={16} height={16} />
          <span>
            <Trans>
              Times are in the school's time zone: {zone} ({timeZone})
            </Trans>
          </span>
        </p>
      ) : null}
    </>
  );
}
