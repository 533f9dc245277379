import './messenger.css';
import { ConversationsScreen } from './ConversationsScreen';

/** The conversation list (the original app's `/messenger`), in one chunk. */
export const conversationsRoute = { Component: ConversationsScreen };
