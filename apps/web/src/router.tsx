import { createBrowserRouter, redirect } from 'react-router';
import { RouteErrorPage } from './components/ui/RouteErrorPage';
import { WelcomePage } from './features/auth/WelcomePage';
import { AuthLayout } from './layouts/AuthLayout';
import { basePath } from './lib/base-path';

export function createRouter() {
  return createBrowserRouter(
    [
      {
        path: '/',
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, loader: () => redirect('/auth') },
          {
            path: 'auth',
            element: <AuthLayout />,
            children: [{ index: true, element: <WelcomePage /> }],
          },
        ],
      },
    ],
    { basename: basePath() },
  );
}
