import './outbox.css';
import { OutboxScreen } from './OutboxScreen';

export const route = { OutboxScreen };
