import './messenger.css';
import { ConversationsScreen } from './ConversationsScreen';

/** The conversation list (spec §2 `/messenger`), in one chunk. */
export const conversationsRoute = { Component: ConversationsScreen };
