import { createBrowserRouter, Navigate } from 'react-router-dom';
import { RedirectSignedIn, RequireSignedIn } from '../session/guards';
import { AppLayout } from './AppLayout';
import { PublicLayout } from './PublicLayout';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { StartingUp } from './StartingUp';

/**
 * Routes of spec §2 built so far. Screens are lazy so the shell's first download stays
 * small; the layouts and guards are in the shell because every screen needs them.
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
            { path: '*', lazy: () => import('../features/notFound/NotFoundRoute').then((m) => m.route) },
          ],
        },
        {
          path: 'app',
          element: <RequireSignedIn />,
          children: [
            {
              element: <AppLayout />,
              children: [
                { index: true, lazy: () => import('../features/home/HomeRoute').then((m) => m.route) },
                { path: 'home', element: <Navigate to="/app" replace /> },
                { path: 'profile', lazy: () => import('../features/profile/ProfileRoute').then((m) => m.route) },
              ],
            },
          ],
        },
      ],
    },
  ]);
}
