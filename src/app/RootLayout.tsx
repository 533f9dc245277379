import { Trans } from '@lingui/react/macro';
import { Outlet } from 'react-router-dom';
import { useNotificationNavigation } from '../push/useNotificationNavigation';
import { LazyToastHost } from '../ui/LazyToastHost';
import { ScrollManager } from './ScrollManager';
import { UpdatePrompt } from './UpdatePrompt';
import { useSessionRecheck } from './useSessionRecheck';

export function RootLayout() {
  useSessionRecheck();
  useNotificationNavigation();
  return (
    <>
      {/* Each layout renders <main id="main">. */}
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <Outlet />
      <ScrollManager />
      <LazyToastHost />
      <UpdatePrompt />
    </>
  );
}
