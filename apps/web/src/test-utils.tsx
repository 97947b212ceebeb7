import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { NavigationFocusProvider } from './lib/navigation-focus';
import { createQueryClient } from './lib/query-client';
import { foundRoutes, patchRoutesOnNavigation, routes } from './router';

export interface FakeResponse {
  status: number;
  body?: unknown;
}

/**
 * Replaces global fetch with one answering each call from `answer` (which may take its time,
 * returning a promise); returns the mock.
 */
export function mockFetch(
  answer: (path: string, body: unknown) => FakeResponse | Promise<FakeResponse>,
) {
  const fetchMock = vi.fn(async (path: string, init: RequestInit = {}) => {
    const sent = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const { status, body } = await answer(path, sent);
    const type = status >= 400 ? 'application/problem+json' : 'application/json';
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': type },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const SESSION_PATH = '/api/v1/auth/session';

/** Answers the session check with nobody signed in, and every other call with `answer`. */
export function signedOut(
  answer: (path: string, body: unknown) => FakeResponse | Promise<FakeResponse>,
) {
  return (path: string, body: unknown): FakeResponse | Promise<FakeResponse> =>
    path === SESSION_PATH ? { status: 200, body: { me: null } } : answer(path, body);
}

/** The calls the mock received for `path`, in order. */
export function callsTo(fetchMock: ReturnType<typeof mockFetch>, path: string) {
  return fetchMock.mock.calls.filter(([called]) => called === path);
}

/** The parsed body of the first call to `path` that sent one (a GET of the same path sends none). */
export function sentBodyTo(fetchMock: ReturnType<typeof mockFetch>, path: string): unknown {
  const init = callsTo(fetchMock, path).find(([, sent]) => typeof sent?.body === 'string')?.[1];
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}

/**
 * Object URLs for jsdom's files: stands in for them, numbering each ("blob:1", ...), and records
 * which were made and which of those were revoked. Undone by vi.restoreAllMocks(). Only its own
 * URLs count: the web project's files share one page, and a download in an earlier file revokes
 * its URL 30 s later (lib/download.ts), maybe while this stub is in place.
 */
export function stubObjectUrls() {
  const made: string[] = [];
  const revoked: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    const url = `blob:${made.length + 1}`;
    made.push(url);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => {
    if (made.includes(url)) revoked.push(url);
  });
  return { made, revoked };
}

export function problem(status: number, code: string, detail: string, errors?: unknown[]) {
  return { status, body: { type: 'about:blank', title: code, status, code, detail, errors } };
}

/** Stands in for the pages outside this feature that sign-in and verification lead to. */
const elsewhere = { path: '*', element: <p>Another part of the app</p> };

/**
 * `routes` as after a first visit, every lazy route's code fetched and every route found on
 * navigation in place: tests look at what pages do, not at code arriving (router.test.tsx covers
 * that with the lazy tree itself).
 */
async function withLazyLoaded(tree: RouteObject[]): Promise<RouteObject[]> {
  return Promise.all(
    tree.map(async ({ lazy, children, ...route }) => {
      const loaded = typeof lazy === 'function' ? await lazy() : {};
      const found = foundRoutes.find(({ under }) => under === route.id);
      const all = [...(children ?? []), ...(found ? await found.load() : [])];
      const loadedChildren = all.length > 0 && { children: await withLazyLoaded(all) };
      return { ...route, ...loaded, ...loadedChildren } as RouteObject;
    }),
  );
}

const loadedRoutes = await withLazyLoaded(routes);

/**
 * Renders the real route tree at `path` (with router `state`, if given) in a memory router;
 * returns the router, carrying the query client it was rendered with. `strict` renders in
 * React's strict mode, which mounts everything twice, as in development. `lazy` keeps the lazy
 * routes' code unfetched, as on a first visit.
 */
export function renderRoute(path: string, state?: unknown, { strict = false, lazy = false } = {}) {
  const entry = state === undefined ? path : { pathname: path, state };
  const tree = lazy ? routes : loadedRoutes;
  const router = createMemoryRouter([...tree, elsewhere], {
    initialEntries: [entry],
    // The loaded tree has found every route already.
    patchRoutesOnNavigation: lazy ? patchRoutesOnNavigation : undefined,
  });
  const queryClient = createQueryClient({ retry: false });
  const app = (
    <QueryClientProvider client={queryClient}>
      <NavigationFocusProvider>
        <RouterProvider router={router} />
      </NavigationFocusProvider>
    </QueryClientProvider>
  );
  render(strict ? <StrictMode>{app}</StrictMode> : app);
  return Object.assign(router, { queryClient });
}

/** The body of the fetch call number `index`, parsed. */
export function sentBody(fetchMock: ReturnType<typeof mockFetch>, index = 0): unknown {
  const init = fetchMock.mock.calls[index]?.[1];
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}
