import type { Me } from '@bank/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { BackOfficeMark } from './BackOfficeMark';
import { StaffCard, StaffNav } from './StaffNav';

/** Tailwind's `lg`, from which the menu is the sidebar instead. */
const WIDE = '(min-width: 64rem)';

/**
 * Below `lg`: the "Menu" button of the top bar, and the menu it opens as a sheet from the left
 * (a Radix dialog: named, the focus kept inside, Escape and the close button shut it). It opens
 * on the page's own item, closes when an item is chosen (the new page's heading then takes the
 * focus) or the page changes, and gives way to the sidebar when the window grows wide.
 */
export function PhoneMenu({
  me,
  signingOut,
  onSignOut,
  mainRef,
}: {
  me: Me;
  signingOut: boolean;
  onSignOut: () => void;
  mainRef: RefObject<HTMLElement | null>;
}) {
  const [open, setOpen] = useState(false);
  const content = useRef<HTMLDivElement>(null);
  /** Set when an item is chosen: the focus then goes with the navigation, not to the button. */
  const chosen = useRef(false);

  const { pathname } = useLocation();
  const [openedAt, setOpenedAt] = useState(pathname);
  if (openedAt !== pathname) {
    setOpenedAt(pathname);
    setOpen(false);
  }

  useEffect(() => {
    const wide = typeof window.matchMedia === 'function' ? window.matchMedia(WIDE) : null;
    const close = () => {
      if (wide?.matches) setOpen(false);
    };
    wide?.addEventListener('change', close);
    return () => wide?.removeEventListener('change', close);
  }, []);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 font-semibold text-slate-100 hover:bg-slate-800 lg:hidden">
        <Menu aria-hidden="true" className="h-6 w-6" />
        Menu
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60 backdrop-blur-[2px]" />
        <Dialog.Content
          ref={content}
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            const here =
              content.current?.querySelector<HTMLElement>('a[aria-current="page"]') ??
              content.current?.querySelector<HTMLElement>('nav a');
            if (!here) return;
            event.preventDefault();
            here.focus();
          }}
          onCloseAutoFocus={(event) => {
            if (!chosen.current) return;
            chosen.current = false;
            event.preventDefault();
            // The new page's heading takes the focus when it shows; until then, the page.
            if (document.activeElement === document.body) mainRef.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[calc(100vw-3rem)] flex-col bg-slate-900 text-slate-100 shadow-2xl ring-1 ring-slate-800"
        >
          <div className="flex min-h-14 items-center justify-between gap-2 border-b border-slate-800 pr-2 pl-4">
            <Dialog.Title className="sr-only">Back office menu</Dialog.Title>
            <BackOfficeMark />
            <Dialog.Close
              aria-label="Close menu"
              className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-slate-300 hover:bg-slate-800 hover:text-white"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <StaffNav
            me={me}
            onChoose={() => {
              chosen.current = true;
              setOpen(false);
            }}
            className="flex flex-1 overflow-y-auto px-3 py-3"
          />
          <StaffCard
            me={me}
            signingOut={signingOut}
            onSignOut={onSignOut}
            className="flex border-t border-slate-800 px-3 py-2"
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
