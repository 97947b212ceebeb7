import { useRef, type ReactNode } from 'react';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useFocusOnNavigation } from '../../lib/navigation-focus';

/**
 * A page's main heading (h1). It names the browser tab after `title` and takes the focus when
 * the page is reached by navigation; `children` is the visible text, `title` when absent.
 */
export function PageHeading({
  title,
  children,
  className = 'text-2xl font-bold',
}: {
  title: string;
  children?: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(title);
  useFocusOnNavigation(ref);
  return (
    <h1 ref={ref} tabIndex={-1} className={className}>
      {children ?? title}
    </h1>
  );
}
