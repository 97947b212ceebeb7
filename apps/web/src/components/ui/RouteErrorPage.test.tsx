import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NavigationFocusProvider } from '../../lib/navigation-focus';
import { RouteErrorPage } from './RouteErrorPage';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Crash(): never {
  throw new Error('secret internal detail');
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteErrorPage />,
        children: [{ path: 'crash', element: <Crash /> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <NavigationFocusProvider>
      <RouterProvider router={router} />
    </NavigationFocusProvider>,
  );
}

describe('RouteErrorPage', () => {
  it('says "No route matches URL" in the bank\'s own frame, with the way back', () => {
    renderAt('/no/such/page');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('404 Not Found');
    expect(screen.getByText(/^No route matches URL/)).toBeTruthy();
    expect(screen.getByRole('banner').textContent).toContain('Cedar Bank');
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toContain('Cedar Bank');
    expect(screen.getByRole('link', { name: 'Go to the start page' }).getAttribute('href')).toBe(
      '/',
    );
    expect(document.title).toBe('Page not found · Cedar Bank');
  });

  it('says "Unexpected Application Error!" for a crash, and never the details', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/crash');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Unexpected Application Error!',
    );
    expect(document.body.textContent).not.toContain('secret internal detail');
    expect(screen.getByRole('banner').textContent).toContain('Cedar Bank');
  });
});
