import type { ComponentProps } from 'react';

const styles = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-400',
  secondary:
    'border border-brand-700 text-brand-700 hover:bg-brand-50 disabled:border-slate-400 disabled:text-slate-500 dark:border-brand-600 dark:text-brand-50 dark:hover:bg-slate-900',
};

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: keyof typeof styles;
  /** While true the button is busy and cannot be pressed again. */
  loading?: boolean;
}

/** The app's button; a loading button is announced as busy and stays disabled. */
export function Button({
  variant = 'primary',
  loading = false,
  disabled,
  type = 'button',
  className = '',
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-base font-semibold transition-colors disabled:cursor-not-allowed ${styles[variant]} ${className}`}
    >
      {loading && (
        <span
          aria-hidden="true"
          className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
      )}
      {children}
    </button>
  );
}
