import './calendar.css';
import { CalendarScreen } from './CalendarScreen';

/**
 * The reading screens of the calendar (the original app's `/events`, its details modal included), in
 * one chunk. The form is in writeRoutes.ts, loaded when someone writes.
 */
export const calendarRoute = { Component: CalendarScreen };
