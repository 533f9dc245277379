import './members.css';

/** The home screen's sign-ups waiting (ui.tsx `home`), loaded with the home screen. */
export { PendingSignups } from './PendingSignups';
