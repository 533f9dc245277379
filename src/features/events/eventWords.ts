import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { EventCategory, EventRepeat } from '../../../contract/events';
import { formatDay, formatDayRange, formatWallRange } from './eventDates';

/** What the calendar says about an event in words: its kind, when it is, how it repeats. */

export const categoryNames: Record<EventCategory, MessageDescriptor> = {
  activity: msg`Activity`,
  meeting: msg`Meeting`,
  exam: msg`Exam`,
  holiday: msg`Holiday`,
  sports: msg`Sports`,
  culture: msg`Culture`,
};

/** "Every week until 12 Dec 2026", "Every month, 6 times". */
export function repeatInWords(i18n: I18n, repeat: EventRepeat): string {
  if (repeat.until !== undefined) {
    const until = formatDay(repeat.until, i18n.locale, 'dayShort');
    return repeat.freq === 'weekly' ? i18n._(msg`Every week until ${until}`) : i18n._(msg`Every month until ${until}`);
  }
  const count = repeat.count ?? 0;
  return repeat.freq === 'weekly'
    ? i18n._(msg`${plural(count, { one: 'Every week, # time', other: 'Every week, # times' })}`)
    : i18n._(msg`${plural(count, { one: 'Every month, # time', other: 'Every month, # times' })}`);
}

/** What an occurrence's times are: the event's kind of time and its span. */
export interface Span {
  all_day: boolean;
  start: string;
  end: string;
}

/**
 * When, in a line: "All day", "All day · 16 – 20 Nov 2026", "18:00 – 19:30", or a timed
 * span across days with its days.
 */
export function spanInWords(i18n: I18n, span: Span): string {
  if (span.all_day) {
    if (span.start === span.end) return i18n._(msg`All day`);
    const days = formatDayRange(span.start, span.end, i18n.locale);
    return i18n._(msg`All day · ${days}`);
  }
  return formatWallRange(span.start, span.end, i18n.locale);
}
