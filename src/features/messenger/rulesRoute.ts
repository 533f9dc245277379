import './messenger.css';
import { MessengerRulesScreen } from './MessengerRulesScreen';

/** The school's messenger rule (`/admin/messenger/rules`), in one chunk. */
export const rulesRoute = { Component: MessengerRulesScreen };
