import { useRef, type MouseEvent, type ReactNode } from 'react';
import { Banner } from './Banner';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** The words on the button that does it, e.g. "Confirm approval". */
  confirmLabel: string;
  onConfirm: () => void;
  /** While true the action is on its way: the confirm button is busy, nothing can be pressed twice. */
  pending?: boolean;
  /** Why the last attempt failed, shown inside the dialog. */
  error?: string | null;
  /** False once the action is done and the page has put the focus on its outcome. */
  returnFocus?: boolean;
}

/**
 * "Are you sure?" for an action that cannot be taken back. The focus starts on Cancel, and the
 * confirm button ignores the second click of a double click, so one hurried double click on
 * the button that opened it can never also confirm.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending = false,
  error,
  returnFocus = true,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirm = (event: MouseEvent<HTMLButtonElement>) => {
    // detail counts the clicks of one burst; a keyboard press is 0.
    if (event.detail > 1) return;
    onConfirm();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
      title={title}
      description={description}
      initialFocus={cancelRef}
      returnFocus={returnFocus}
    >
      {error && <Banner tone="error">{error}</Banner>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          ref={cancelRef}
          variant="secondary"
          disabled={pending}
          onClick={() => onOpenChange(false)}
        >
          Cancel
        </Button>
        <Button loading={pending} onClick={confirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
