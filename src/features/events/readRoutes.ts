import './calendar.css';
import { CalendarScreen } from './CalendarScreen';

/**
 * The reading screens of the calendar (spec §2 `/events`, its details modal included), in
 * one chunk. The form is in writeRoutes.ts, loaded when someone writes.
 */
export const calendarRoute = { Component: CalendarScreen };
