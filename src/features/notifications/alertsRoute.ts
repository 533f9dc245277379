import './notifications.css';

/** The home screen's open emergency alerts (ui.tsx `home`), loaded with the home screen. */
export { OpenAlerts } from './OpenAlerts';
