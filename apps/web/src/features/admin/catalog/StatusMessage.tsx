/**
 * A polite live region that is always in the page, so a screen reader announces the message the
 * moment it is put in; empty, it takes no room.
 */
export function StatusMessage({ children }: { children: string | null }) {
  return (
    <p
      role="status"
      className={
        children
          ? 'rounded-lg border-l-4 border-green-700 bg-green-50 px-4 py-3 text-sm text-green-900 dark:border-green-500 dark:bg-green-950 dark:text-green-100'
          : 'sr-only'
      }
    >
      {children}
    </p>
  );
}
