import './notifications.css';
import { InboxScreen } from './InboxScreen';

/** The inbox (the original app's `/notifications`, a notification's details included), in one chunk. */
export const inboxRoute = { Component: InboxScreen };
