import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/screens.css';
// After the others, as posts.css was: boot.js paints the last News list with it.
import './styles/newsList.css';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppErrorBoundary } from './app/AppErrorBoundary';
import { createAppRouter } from './app/router';
import { activateLocale } from './i18n/activateLocale';
import { chooseLocale, localeStorageKey, supportedLocales } from './i18n/locales';
import { startInstallPromptCapture } from './pwa/installPrompt';
import { isLoggedIn } from './session/createSession';
import { startSyncEarly } from './session/earlySync';
import { session } from './session/session';
import { reportAppOpen } from './session/sessionApi';
import { guardStartup } from './startup/reportStartupFailure';
import { bootPreviewPath, dismissBootPreview, limitBootPreview } from './startup/bootPreview';
import { yieldToMain } from './startup/yieldToMain';
import { readLocal } from './storage/localValue';
import { applyBranding } from './tenant/branding';
import { getTenant, startTenant, subscribeTenant } from './tenant/tenantStore';
import { TenantGate } from './tenant/TenantGate';
import { whenIdle } from './ui/whenIdle';
import { startTheme } from './theme/theme';

/** Start-up in order; each part is guarded so one failure never keeps the app from mounting. */
async function start(): Promise<void> {
  await guardStartup('theme', () => void startTheme(), undefined);
  // Made first: the router starts downloading the first screen's lazy code at once, while
  // the college and the language catalog arrive (they used to be waited for one by one).
  const router = createAppRouter();
  // The News list boot.js painted (if any) stays until the real one is on screen
  // (src/features/posts/useNewsPreview.ts), or until the app goes somewhere else.
  limitBootPreview();
  const previewPath = bootPreviewPath();
  if (previewPath !== null) {
    const stop = router.subscribe((state) => {
      if (state.location.pathname === previewPath && !state.location.search) return;
      dismissBootPreview();
      stop();
    });
  }
  await yieldToMain();
  const college = await guardStartup('tenant', startTenant, null);
  await guardStartup(
    'branding',
    () => {
      if (college) applyBranding(college);
      subscribeTenant(() => {
        const tenant = getTenant();
        if (tenant.status === 'ready') applyBranding(tenant.college);
      });
    },
    undefined,
  );
  const locale = chooseLocale(readLocal(localeStorageKey), college?.language, supportedLocales);
  await guardStartup('i18n', () => activateLocale(locale), 'en');
  await yieldToMain();
  await guardStartup('install prompt', startInstallPromptCapture, undefined);
  await guardStartup(
    'session',
    () => {
      // One "app open" entry per start for the statistics; offline or failing, it is skipped.
      // Not before the first screen has settled: nobody waits for it.
      if (isLoggedIn(session.getState())) {
        whenIdle(() => {
          if (!navigator.onLine) return;
          reportAppOpen().catch(() => undefined);
          // The push service may have replaced this browser's subscription while the app was
          // closed: the server gets the current one (loaded only where alerts are allowed).
          if (typeof Notification === 'function' && Notification.permission === 'granted') {
            import('./push/pushSubscription')
              .then(({ renewPushSubscription }) => renewPushSubscription())
              .catch((error: unknown) => console.error('could not register the push subscription', error));
          }
        }, 5000);
      }
      // The sync worker starts now (and at each sign-in), not when the signed-in screens render.
      startSyncEarly();
      session.subscribe(startSyncEarly);
      subscribeTenant(startSyncEarly);
    },
    undefined,
  );

  await yieldToMain();
  const container = document.getElementById('root');
  if (!container) throw new Error('missing #root');
  const root = createRoot(container);
  // A transition: React renders the first screen in slices of a few milliseconds instead of
  // one long task, so the page answers a tap while it draws.
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <AppErrorBoundary>
            <TenantGate>
              <RouterProvider router={router} />
            </TenantGate>
          </AppErrorBoundary>
        </I18nProvider>
      </StrictMode>,
    ),
  );
}

void start();
