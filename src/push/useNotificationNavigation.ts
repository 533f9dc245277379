import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { isPushOpenMessage } from '../../contract/pushOpen';

/**
 * A click on a notification while the app is open: the service worker focuses this window
 * and posts where to go (workers/pushNotifications.ts), and the app navigates there itself,
 * without reloading (the session, the sync worker and the screen's state stay). Signed out,
 * the route's guard sends the person to sign in first and back there after.
 */
export function useNotificationNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const container = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
    if (!container) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== '' && event.origin !== window.location.origin) return;
      if (isPushOpenMessage(event.data)) void navigate(event.data.path);
    };
    container.addEventListener('message', onMessage);
    // Messages wait until the page says it listens (addEventListener alone does not).
    container.startMessages();
    return () => container.removeEventListener('message', onMessage);
  }, [navigate]);
}
