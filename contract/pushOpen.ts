/**
 * The message the service worker posts to an open window of the app after a click on a
 * notification: navigate to `path` inside the app (src/push/useNotificationNavigation.ts).
 * A file of its own, without zod: the app's first download imports it.
 */
export const pushOpenMessageType = 'patio:open-notification';

export interface PushOpenMessage {
  type: typeof pushOpenMessageType;
  /** A path of the app: `/notifications?notification=…`. */
  path: string;
}

export function isPushOpenMessage(data: unknown): data is PushOpenMessage {
  const message = data as Partial<PushOpenMessage> | null;
  return (
    typeof message === 'object' &&
    message !== null &&
    message.type === pushOpenMessageType &&
    typeof message.path === 'string' &&
    message.path.startsWith('/') &&
    !message.path.startsWith('//')
  );
}
