import './notifications.css';

/** The profile's quiet hours (ui.tsx `profile`), loaded with the profile screen. */
export { QuietHoursCard } from './QuietHoursCard';
