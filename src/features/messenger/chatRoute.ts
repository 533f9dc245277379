import './messenger.css';
import { ChatScreen } from './ChatScreen';

/** The chat (`/messenger/:conversation`), in its own chunk with the virtualised list (react-virtuoso). */
export const chatRoute = { Component: ChatScreen };
