import { useId, type FormEventHandler, type ReactNode } from 'react';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { TextAreaField, type TextAreaFieldProps } from '../../../components/ui/TextAreaField';
import { panelClass } from './panel';

/**
 * A review page's decision: its heading, what went wrong outside the fields (`error`), and one
 * DecisionForm per way to decide, side by side from tablet width. The confirmation dialog, when
 * there is one, goes in `children` too.
 */
export function DecisionPanel({ error, children }: { error?: string | null; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="text-lg font-semibold">
        Decision
      </h2>
      {error && <Banner tone="error">{error}</Banner>}
      <div className="grid gap-6 md:grid-cols-2">{children}</div>
    </section>
  );
}

/** One way to decide, on a panel: its title, what to fill in, and the button that takes it. */
export function DecisionForm({
  title,
  onSubmit,
  action,
  secondary = false,
  pending = false,
  disabled = false,
  children,
}: {
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The button's words: "Approve", "Mark failed". */
  action: string;
  /** The way that refuses or undoes (Decline, Mark failed): the quieter button. */
  secondary?: boolean;
  /** This decision is on its way: its button is busy. */
  pending?: boolean;
  /** Another decision is on its way. */
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className={`flex flex-col gap-3 ${panelClass}`}>
      <h3 className="font-semibold">{title}</h3>
      {children}
      <Button
        type="submit"
        variant={secondary ? 'secondary' : 'primary'}
        loading={pending}
        disabled={disabled}
        className="mt-auto"
      >
        {action}
      </Button>
    </form>
  );
}

/** The reason a customer reads when staff decline or fail what they asked for. */
export function ReasonField(props: Omit<TextAreaFieldProps, 'label' | 'required' | 'maxLength'>) {
  return <TextAreaField label="Reason for the customer" required maxLength={500} {...props} />;
}
