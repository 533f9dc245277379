import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { adminEntriesFor, loadSections } from '../modules/uiModule';
import { uiModules } from '../registry/uiModules';
import { RedirectSignedIn, RequireSignedIn } from '../session/guards';
import { useSession } from '../session/session';
import { retryingLazyRoutes } from '../ui/lazyScreen';
import { PublicLayout } from './PublicLayout';
import { RootLayout } from './RootLayout';
import { RouteError, SignedInRouteError } from './RouteError';
import { SessionArea, sessionAreaLoader } from './SessionArea';
import { StartingUp } from '../ui/StartingUp';

/** Home ("Inicio") with the features' sections (latest news, coming events): the app composes them. */
async function homeWithSections() {
  const [{ HomeScreen }, sections] = await Promise.all([import('../features/home/HomeRoute'), loadSections(uiModules, 'home')]);
  const parts = sections.map((Section, i) => <Section key={i} />);
  return { Component: () => <HomeScreen sections={parts} /> };
}

/** The profile with the features' sections (the calendar feed). */
async function profileWithSections() {
  const [{ ProfileScreen }, sections] = await Promise.all([import('../features/profile/ProfileRoute'), loadSections(uiModules, 'profile')]);
  const parts = sections.map((Section, i) => <Section key={i} />);
  return { Component: () => <ProfileScreen sections={parts} /> };
}

/** The outbox with the features' other unsent work (the upload queue). */
async function outboxWithSections() {
  const [{ route }, sections] = await Promise.all([import('../features/outbox/OutboxRoute'), loadSections(uiModules, 'unsent')]);
  const parts = sections.map((Section, i) => <Section key={i} />);
  const { OutboxScreen } = route;
  return { Component: () => <OutboxScreen sections={parts} /> };
}

/** The administration (`/admin`): the features' administration screens the member's role may open. */
async function administration() {
  const { AdministrationScreen } = await import('../features/administration/AdministrationScreen');
  function AdministrationRoute() {
    const { user } = useSession();
    return <AdministrationScreen entries={adminEntriesFor(uiModules, user?.role)} />;
  }
  return { Component: AdministrationRoute };
}

/**
 * The app's routes (the original app's addresses, docs/features/). Screens are lazy so the shell's first download stays
 * small; only the public layout and the guards are in the shell. A screen whose code fails to
 * download is tried once more before the error screen (src/ui/lazyScreen.ts).
 */
export function createAppRouter() {
  const routes: RouteObject[] = [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      // Shown while the first screen's lazy code arrives.
      hydrateFallbackElement: <StartingUp />,
      children: [
        {
          element: <PublicLayout />,
          children: [
            {
              element: <RedirectSignedIn />,
              children: [
                { index: true, lazy: () => import('../features/landing/LandingRoute').then((m) => m.route) },
                { path: 'auth/login', lazy: () => import('../features/auth/LoginRoute').then((m) => m.route) },
                // Both sign the person in; the guard then takes them where they were going.
                { path: 'auth/sso', lazy: () => import('../features/auth/SsoRoute').then((m) => m.route) },
                { path: 'auth/invitation', lazy: () => import('../features/auth/InvitationRoute').then((m) => m.route) },
              ],
            },
            { path: 'auth', element: <Navigate to="/auth/login" replace /> },
            { path: 'auth/signup-no', lazy: () => import('../features/auth/SignupRoute').then((m) => m.route) },
            { path: 'auth/reset-password', lazy: () => import('../features/auth/ResetPasswordRoute').then((m) => m.route) },
          ],
        },
        {
          // One layout for every signed-in path, so moving between /app and /blog keeps the
          // local database and the app bar mounted. Signed out, it is the public layout.
          element: <SessionArea />,
          loader: sessionAreaLoader,
          children: [
            {
              element: <RequireSignedIn />,
              // A screen not on this device, offline: said inside the app (src/ui/lazyScreen.ts).
              errorElement: <SignedInRouteError />,
              children: [
                {
                  path: 'app',
                  children: [
                    { index: true, lazy: homeWithSections },
                    { path: 'home', element: <Navigate to="/app" replace /> },
                    { path: 'profile', lazy: profileWithSections },
                    { path: 'outbox', lazy: outboxWithSections },
                  ],
                },
                { path: 'admin', lazy: administration },
                // Each feature's routes (`/blog/...`), from its ui.tsx.
                ...uiModules.flatMap((module) => module.routes ?? []),
              ],
            },
            // An unknown address: inside the app (bar and navigation) when signed in.
            { path: '*', lazy: () => import('../features/notFound/NotFoundRoute').then((m) => m.route) },
          ],
        },
      ],
    },
  ];
  return createBrowserRouter(retryingLazyRoutes(routes));
}
