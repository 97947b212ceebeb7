import type { RefObject } from 'react';

/**
 * The first stop for keyboard users: straight past the header and menu to the page itself. A
 * plain "#main" would resolve against <base href> and leave the page, so it focuses by hand.
 */
export function SkipLink({ target }: { target: RefObject<HTMLElement | null> }) {
  return (
    <a
      href="#main"
      onClick={(event) => {
        event.preventDefault();
        target.current?.focus();
      }}
      className="sr-only rounded-lg bg-white font-semibold text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:px-4 focus:py-3 dark:bg-slate-900 dark:text-brand-50"
    >
      Skip to main content
    </a>
  );
}
