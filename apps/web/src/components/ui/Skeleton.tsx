/**
 * Placeholders drawn where data will show, at the size it will take, so that nothing moves when
 * it arrives (issue 20: layout shift). Hidden from screen readers: the block that holds them
 * says what is loading in a status message (`LoadingStatus`).
 */

/**
 * A grey bar one line of text high: it sits in the element the text will fill (a heading, an
 * amount), so it takes that element's font size and line height.
 */
export function SkeletonText({ className = 'w-32' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block max-w-full animate-pulse rounded-md bg-slate-200 text-transparent select-none motion-reduce:animate-none dark:bg-slate-800 ${className}`}
    >
      {'\u00a0'}
    </span>
  );
}

/** A grey block of a given size and rounding (a button, an icon, a chart). */
export function SkeletonBlock({ className }: { className: string }) {
  return (
    <span
      aria-hidden="true"
      className={`block animate-pulse bg-slate-200 motion-reduce:animate-none dark:bg-slate-800 ${className}`}
    />
  );
}

/** What is loading, said to screen readers only (the skeleton shows it to the eye). */
export function LoadingStatus({ label }: { label: string }) {
  return (
    <p role="status" className="sr-only">
      {label}
    </p>
  );
}
