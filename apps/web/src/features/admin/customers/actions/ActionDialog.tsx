import { useEffect, useId, useRef, useState, type FormEventHandler, type ReactNode } from 'react';
import { Banner } from '../../../../components/ui/Banner';
import { Button } from '../../../../components/ui/Button';
import { Dialog } from '../../../../components/ui/Dialog';
import { ApiError, errorMessage } from '../../../../lib/api';
import { useCustomerAction, type ActionPath } from '../api';

/** What the confirmation step says before the action is taken. */
export interface Confirmation {
  title: string;
  description: ReactNode;
  /** The words on the button that does it: "Freeze account". */
  label: string;
}

/**
 * One action on a customer, in two steps in one dialog: the form (with the reason), checked,
 * then what will happen, confirmed. `fields` are the form's field names, for the server's
 * refusals to land on (the dialog then goes back to the form). Done, the dialog closes and
 * `onDone` gets the server's sentence for the page to show.
 */
export function useActionDialog<V extends Record<string, string>>(
  customerId: string,
  action: ActionPath,
  onDone: (outcome: string) => void,
) {
  const mutation = useCustomerAction(customerId, action);
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState<V | null>(null);
  const [done, setDone] = useState(false);
  return {
    open,
    asking,
    mutation,
    /** Opens the dialog on its form, nothing of a last attempt left. */
    start() {
      mutation.reset();
      setAsking(null);
      setDone(false);
      setOpen(true);
    },
    /** The form is good: on to the confirmation. */
    review(values: V) {
      mutation.reset();
      setAsking(values);
    },
    back() {
      mutation.reset();
      setAsking(null);
    },
    /**
     * Takes the action. Refused fields go back to the form (`onFields` puts them there and
     * returns true); anything else is said in the dialog, which stays on the confirmation.
     */
    confirm(onFields: (error: ApiError) => boolean) {
      if (!asking) return;
      mutation.mutate(asking, {
        onSuccess: (result) => {
          setDone(true);
          setOpen(false);
          onDone(result.outcome);
        },
        onError: (error) => {
          if (error instanceof ApiError && onFields(error)) setAsking(null);
        },
      });
    },
    dialog: {
      open,
      onOpenChange: (next: boolean) => {
        if (!mutation.isPending) setOpen(next);
      },
      returnFocus: !done,
    },
  };
}

/**
 * The dialog of an action: its form (fields and a Continue button), or the confirmation (what
 * will happen, Back and the action's button, Back taking the focus so that a hurried Enter
 * never acts), with what went wrong.
 */
export function ActionDialog({
  dialog,
  title,
  description,
  confirmation,
  pending,
  error,
  onSubmit,
  onBack,
  onConfirm,
  children,
}: {
  dialog: { open: boolean; onOpenChange: (open: boolean) => void; returnFocus: boolean };
  title: string;
  description: ReactNode;
  /** Set once the form is good: the dialog shows it instead of the form. */
  confirmation: Confirmation | null;
  pending: boolean;
  error: unknown;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onBack: () => void;
  onConfirm: () => void;
  children: ReactNode;
}) {
  const backRef = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const wasConfirming = useRef(false);
  const formId = useId();
  const confirming = confirmation !== null;
  useEffect(() => {
    if (confirming) backRef.current?.focus();
    else if (wasConfirming.current) {
      // Back on the form (Back, or a field the server refused): the refused field, else the first.
      const form = formRef.current;
      const target =
        form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
        form?.querySelector<HTMLElement>('input, select, textarea');
      target?.focus();
    }
    wasConfirming.current = confirming;
  }, [confirming]);
  const said = error && !(error instanceof ApiError && Object.keys(error.fieldErrors).length > 0);
  return (
    <Dialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      returnFocus={dialog.returnFocus}
      title={confirmation?.title ?? title}
      description={confirmation?.description ?? description}
    >
      {said ? <Banner tone="error">{errorMessage(error)}</Banner> : null}
      {confirmation ? (
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button ref={backRef} variant="secondary" disabled={pending} onClick={onBack}>
            Back
          </Button>
          <Button loading={pending} onClick={onConfirm}>
            {confirmation.label}
          </Button>
        </div>
      ) : (
        <form
          ref={formRef}
          id={formId}
          noValidate
          onSubmit={onSubmit}
          className="flex flex-col gap-4"
        >
          {children}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => dialog.onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">Continue</Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
