import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from './lib/query-client';
import { routes } from './router';

export interface FakeResponse {
  status: number;
  body?: unknown;
}

/** Replaces global fetch with one answering each call from `answer`; returns the mock. */
export function mockFetch(answer: (path: string, body: unknown) => FakeResponse) {
  const fetchMock = vi.fn(async (path: string, init: RequestInit = {}) => {
    const sent = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const { status, body } = answer(path, sent);
    const type = status >= 400 ? 'application/problem+json' : 'application/json';
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': type },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function problem(status: number, code: string, detail: string, errors?: unknown[]) {
  return { status, body: { type: 'about:blank', title: code, status, code, detail, errors } };
}

/** Stands in for the pages outside this feature that sign-in and verification lead to. */
const elsewhere = { path: '*', element: <p>Another part of the app</p> };

/**
 * Renders the real route tree at `path` (with router `state`, if given) in a memory router;
 * returns the router, carrying the query client it was rendered with.
 */
export function renderRoute(path: string, state?: unknown) {
  const entry = state === undefined ? path : { pathname: path, state };
  const router = createMemoryRouter([...routes, elsewhere], { initialEntries: [entry] });
  const queryClient = createQueryClient({ retry: false });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return Object.assign(router, { queryClient });
}

/** The body of the fetch call number `index`, parsed. */
export function sentBody(fetchMock: ReturnType<typeof mockFetch>, index = 0): unknown {
  const init = fetchMock.mock.calls[index]?.[1];
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}
