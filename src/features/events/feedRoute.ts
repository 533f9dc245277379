import './eventForm.css';

/** The profile's calendar-link section (ui.tsx `profile`). */
export { CalendarFeedCard } from './CalendarFeedCard';
