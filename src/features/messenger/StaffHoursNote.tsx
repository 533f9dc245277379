import { Trans, useLingui } from '@lingui/react/macro';
import type { I18n } from '@lingui/core';
import type { ConversationMemberRow } from '../../../contract/messenger';
import { heldByStaffHours, staffHoursOpening, type StaffHours } from '../../../contract/messengerRules';
import { weekdayNames } from '../../i18n/formatDate';
import { ClockIcon } from '../../ui/icons';
import { useClock } from './useClock';

/**
 * When a message I write now reaches staff, if the school's staff hours would hold it
 * (contract/messengerRules.ts): the check the server makes when the message arrives, made
 * here from the rule synced to the device, so it is said before sending, offline too.
 */
export function staffHoursWait(
  hours: StaffHours | undefined,
  me: ConversationMemberRow,
  members: readonly ConversationMemberRow[],
  timeZone: string,
  now: Date,
): Date | null {
  if (!hours?.staff_hours_on) return null;
  const asAuthor = (row: ConversationMemberRow) => ({ userId: row.user_id, userRole: row.user_role });
  if (!heldByStaffHours(asAuthor(me), members.map(asAuthor))) return null;
  return staffHoursOpening(hours, timeZone, now);
}

/** "Monday to Friday" is said as the days' names in the reader's language, in week order. */
function daysText(i18n: I18n, days: readonly number[]): string {
  const week = weekdayNames(i18n.locale);
  const names = [...days].sort((a, b) => a - b).map((day) => week[day - 1]!);
  return new Intl.ListFormat(i18n.locale, { style: 'long', type: 'conjunction' }).format(names);
}

function clockText(i18n: I18n, clock: string): string {
  // 24:00 is the day's end, read as midnight.
  const [hours, minutes] = clock === '24:00' ? [0, 0] : [Number(clock.slice(0, 2)), Number(clock.slice(3, 5))];
  return i18n.date(new Date(Date.UTC(2024, 0, 1, hours, minutes)), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
}

export interface StaffHoursNoteProps {
  hours: StaffHours;
  /** The next opening: when what I send now is delivered. */
  opening: Date;
  /** The school's phone, for an emergency ('' when the college has none). */
  phone: string;
}

/**
 * Above the composer, outside the staff hours: when staff read messages, when what I send
 * now will be delivered, and to call the school for an emergency (messages are not for those).
 */
export function StaffHoursNote({ hours, opening, phone }: StaffHoursNoteProps) {
  const { i18n } = useLingui();
  const days = daysText(i18n, hours.staff_hours_days);
  const start = clockText(i18n, hours.staff_hours_start);
  const end = clockText(i18n, hours.staff_hours_end);
  const when = i18n.date(opening, { weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit' });
  return (
    <div className="staff-hours-note with-icon" role="note">
      <ClockIcon width={18} height={18} aria-hidden="true" />
      <p>
        <Trans>
          Staff read messages on {days}, {start}–{end}. What you send now will be delivered <time dateTime={opening.toISOString()}>{when}</time>.
        </Trans>{' '}
        {phone ? (
          <Trans>
            For an emergency, call the school: <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
          </Trans>
        ) : (
          <Trans>For an emergency, call the school.</Trans>
        )}
      </p>
    </div>
  );
}

export interface ChatStaffHoursProps {
  hours: StaffHours | undefined;
  me: ConversationMemberRow;
  members: readonly ConversationMemberRow[];
  timeZone: string;
  phone: string;
}

/** The note in a chat, while the hours would hold my message; the minute's clock alone draws it again. */
export function ChatStaffHours({ hours, me, members, timeZone, phone }: ChatStaffHoursProps) {
  const now = useClock(60_000);
  const opening = staffHoursWait(hours, me, members, timeZone, new Date(now));
  return hours && opening ? <StaffHoursNote hours={hours} opening={opening} phone={phone} /> : null;
}
