import { createBrowserRouter, Navigate } from 'react-router-dom';
import { uiModules } from '../registry/uiModules';
import { RedirectSignedIn, RequireSignedIn } from '../session/guards';
import { PublicLayout } from './PublicLayout';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { SessionArea, sessionAreaLoader } from './SessionArea';
import { StartingUp } from './StartingUp';

/** Home ("Inicio") with the latest news: the app composes the two features. */
async function homeWithNews() {
  const [{ HomeScreen }, { LatestNews }] = await Promise.all([
    import('../features/home/HomeRoute'),
    import('../features/posts/latestNewsRoute'),
  ]);
  return { Component: () => <HomeScreen news={<LatestNews />} /> };
}

/**
 * Routes of spec §2 built so far. Screens are lazy so the shell's first download stays
 * small; only the public layout and the guards are in the shell.
 */
export function createAppRouter() {
  return createBrowserRouter([
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
              children: [
                {
                  path: 'app',
                  children: [
                    { index: true, lazy: homeWithNews },
                    { path: 'home', element: <Navigate to="/app" replace /> },
                    { path: 'profile', lazy: () => import('../features/profile/ProfileRoute').then((m) => m.route) },
                    { path: 'outbox', lazy: () => import('../features/outbox/OutboxRoute').then((m) => m.route) },
                  ],
                },
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
  ]);
}
