import './notifications.css';
import { NewNotificationScreen } from './NewNotificationScreen';
import { SentScreen } from './SentScreen';

/** The college's side (`/college-notifications`, `/college-notifications/new-notification`): staff and administrators. */
export const sentRoute = { Component: SentScreen };
export const newNotificationRoute = { Component: NewNotificationScreen };
