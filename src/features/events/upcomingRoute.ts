import './calendar.css';

/** The home screen's "Coming up" (ui.tsx `home`), loaded with the home screen. */
export { UpcomingEvents } from './UpcomingEvents';
