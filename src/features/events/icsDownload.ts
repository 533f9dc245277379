import type { Event } from '../../../contract/events';

/** A file name from the event's name: letters and digits of any script, the rest as dashes. */
export function icsFileName(name: string): string {
  const safe = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${safe || 'event'}.ics`;
}

/**
 * "Add to calendar": the event as an iCalendar file, written on the device (it works
 * offline), downloaded through a temporary link. The writer (ical-generator) is loaded only
 * when someone asks for a file.
 */
export async function downloadEventFile(event: Event, appUrl: string): Promise<void> {
  const { calendarText } = await import('../../../contract/eventCalendar');
  const text = calendarText([event], { calendarName: event.name, appUrl });
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = icsFileName(event.name);
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked after the click has been handled: the download has its own copy by then.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
