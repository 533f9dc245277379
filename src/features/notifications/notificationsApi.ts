import {
  notificationDelivery,
  notificationPreferences,
  sentNotificationsResponse,
  type NotificationDelivery,
  type NotificationPreferences,
  type SentNotification,
} from '../../../contract/notifications';
import { requestJson } from '../../api/client';

/**
 * The notifications' REST calls (the figures and the preferences live on the server only:
 * counts change with every reader, and quiet hours decide what the server pushes).
 */

/** `GET /api/v1/notifications/sent`: what the college sent, newest first, with figures. */
export function fetchSent(signal?: AbortSignal): Promise<SentNotification[]> {
  return requestJson('get', 'api/v1/notifications/sent', (data) => sentNotificationsResponse.parse(data).data, undefined, signal);
}

/** `GET /api/v1/notifications/:id/delivery`: how far one notification got. */
export function fetchDelivery(id: string, signal?: AbortSignal): Promise<NotificationDelivery> {
  return requestJson('get', `api/v1/notifications/${encodeURIComponent(id)}/delivery`, (data) => notificationDelivery.parse(data), undefined, signal);
}

const preferencesPath = 'api/v1/notifications/preferences';

export function fetchPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return requestJson('get', preferencesPath, (data) => notificationPreferences.parse(data), undefined, signal);
}

/** Saves quiet hours; answers what the server stored. */
export function savePreferences(preferences: NotificationPreferences): Promise<NotificationPreferences> {
  return requestJson('put', preferencesPath, (data) => notificationPreferences.parse(data), { json: preferences });
}
