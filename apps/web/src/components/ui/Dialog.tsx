import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode, type RefObject } from 'react';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's name, read out when it opens. */
  title: string;
  /** What the dialog is about, read out after the title. */
  description: ReactNode;
  /** The body and the actions. */
  children?: ReactNode;
  /**
   * What takes the focus when the dialog opens, e.g. the safe choice of a confirmation; by
   * default the first control in it.
   */
  initialFocus?: RefObject<HTMLElement | null>;
  /**
   * Whether closing gives the focus back to where it was (the default). False when what
   * happened moves it on, e.g. to a message that replaces the button that opened the dialog.
   */
  returnFocus?: boolean;
}

/**
 * A modal dialog (Radix): named by its title and described by its description, focus kept
 * inside while open and given back to where it was on close, Escape and the close button
 * dismiss it, the page behind neither scrolls nor is read out. Fits a 360 px phone, scrolling
 * inside when tall.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  initialFocus,
  returnFocus = true,
}: DialogProps) {
  // Radix gives the focus back only to its own Trigger; these dialogs are opened by any button
  // (or by an answer from the server), so the element that had the focus is kept here.
  const openedFrom = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60 backdrop-blur-[2px]" />
        <RadixDialog.Content
          onOpenAutoFocus={(event) => {
            openedFrom.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (returnFocus) openedFrom.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:ring-slate-700"
        >
          <div className="flex items-start justify-between gap-3">
            <RadixDialog.Title className="pt-2 text-xl font-bold break-words">
              {title}
            </RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close"
              className="-mr-2 inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </RadixDialog.Close>
          </div>
          <RadixDialog.Description className="text-slate-700 dark:text-slate-300">
            {description}
          </RadixDialog.Description>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
