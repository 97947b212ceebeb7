import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { shareStyleNonce } from './lib/csp-nonce';
import { NavigationFocusProvider } from './lib/navigation-focus';
import { createQueryClient } from './lib/query-client';
import { createRouter } from './router';
import './styles.css';

shareStyleNonce();

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <NavigationFocusProvider>
        <RouterProvider router={createRouter()} />
      </NavigationFocusProvider>
    </QueryClientProvider>
  </StrictMode>,
);
