import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { RouteErrorPage } from './components/ui/RouteErrorPage';
import { SigninPage } from './features/auth/SigninPage';
import { SignupPage } from './features/auth/SignupPage';
import { VerifyPage } from './features/auth/VerifyPage';
import { WelcomePage } from './features/auth/WelcomePage';
import { AuthLayout } from './layouts/AuthLayout';
import { basePath } from './lib/base-path';

/** The route tree, shared by the browser router and by tests' memory routers. */
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, loader: () => redirect('/auth') },
      {
        path: 'auth',
        element: <AuthLayout />,
        children: [
          { index: true, element: <WelcomePage /> },
          { path: 'signup', element: <SignupPage /> },
          { path: 'signin', element: <SigninPage /> },
          { path: 'verify/:email', element: <VerifyPage /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes, { basename: basePath() });
}
