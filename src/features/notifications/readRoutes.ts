import './notifications.css';
import { InboxScreen } from './InboxScreen';

/** The inbox (spec §2 `/notifications`, a notification's details included), in one chunk. */
export const inboxRoute = { Component: InboxScreen };
