/** Copies `text` to the clipboard and tells `onResult` whether it worked: no false "Copied". */
export function CopyButton({
  text,
  label,
  onResult,
  children = 'Copy',
}: {
  text: string;
  /** The accessible name, beginning with the visible words, e.g. "Copy account number". */
  label: string;
  onResult: (copied: boolean) => void;
  /** The visible words. */
  children?: string;
}) {
  async function copy() {
    let copied = true;
    try {
      // The clipboard is missing outside secure contexts and may refuse; both count as failure.
      await navigator.clipboard.writeText(text);
    } catch {
      copied = false;
    }
    onResult(copied);
  }
  return (
    <button
      type="button"
      aria-label={label}
      onClick={() => void copy()}
      className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-50 dark:hover:bg-slate-800"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-4 w-4 fill-none stroke-current stroke-2"
      >
        <rect x="9" y="9" width="12" height="12" rx="2" />
        <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
      </svg>
      {children}
    </button>
  );
}
