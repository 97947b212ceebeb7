import { cleanup, configure } from '@testing-library/react';
import { afterAll, vi } from 'vitest';

// findBy… and waitFor wait up to 10 s for what a page shows, not 1 s: the first visit to a page
// in a run imports its code, which took over a second on this 2-core machine under load. Only a
// failing wait takes longer; no test waits for something not to appear.
configure({ asyncUtilTimeout: 10_000 });

/**
 * The web project's files run one after another in one page (`isolate: false` in
 * vitest.config.ts). After each file, what it may have left in that page is put back as a fresh
 * page has it.
 */
afterAll(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  if (typeof window === 'undefined') return; // a file in the node environment
  localStorage.clear();
  sessionStorage.clear();
  document.title = '';
  document.body.replaceChildren();
});
