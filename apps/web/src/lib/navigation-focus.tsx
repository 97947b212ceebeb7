import {
  createContext,
  useContext,
  useEffect,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { useLocation } from 'react-router';

interface NavigationFocus {
  /** True once per navigation: for the first page heading to ask after it. */
  claim: (locationKey: string) => boolean;
}

const NavigationFocusContext = createContext<NavigationFocus | null>(null);

/** Who claimed what, for one router: the location the app opened on and the last one claimed. */
function createNavigationFocus(): NavigationFocus {
  let first: string | null = null;
  let claimed: string | null = null;
  return {
    claim(locationKey) {
      first ??= locationKey;
      if (locationKey === first || locationKey === claimed) return false;
      claimed = locationKey;
      return true;
    },
  };
}

/**
 * Remembers, for one router, which navigation has moved the focus yet. Wraps the RouterProvider
 * (not a route), so the router's error page takes part too.
 */
export function NavigationFocusProvider({ children }: { children: ReactNode }) {
  const [focus] = useState(createNavigationFocus);
  return (
    <NavigationFocusContext.Provider value={focus}>{children}</NavigationFocusContext.Provider>
  );
}

/**
 * Moves the focus to `target` (the page's main heading) when its page was reached by a
 * navigation, so a screen reader announces the new page instead of staying on the link that
 * led to it. Not on the page the app opened on (after any redirect before a page showed):
 * there, reading starts at the top as usual. One claim per navigation, so a heading that
 * appears later (after loading) takes the focus only if nothing took it first.
 */
export function useFocusOnNavigation(target: RefObject<HTMLElement | null>) {
  const focus = useContext(NavigationFocusContext);
  const { key, state } = useLocation();
  const keep = isKeepFocus(state);
  useEffect(() => {
    if (!keep && focus?.claim(key)) target.current?.focus();
  }, [focus, key, keep, target]);
}

/**
 * Navigation state for a change of the same page's address (filters in the query string, say):
 * the focus stays where the person is working instead of going to the heading.
 */
export const KEEP_FOCUS = { keepFocus: true } as const;

function isKeepFocus(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'keepFocus' in state;
}
