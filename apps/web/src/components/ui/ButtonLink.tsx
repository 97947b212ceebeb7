import { Link, type LinkProps } from 'react-router';

const styles = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  secondary:
    'border border-brand-700 text-brand-700 hover:bg-brand-50 dark:border-brand-600 dark:text-brand-50 dark:hover:bg-slate-900',
};

/** A link that looks like a button, for navigation actions. */
export function ButtonLink({
  variant = 'primary',
  className = '',
  ...props
}: LinkProps & { variant?: keyof typeof styles }) {
  return (
    <Link
      {...props}
      className={`inline-flex min-h-11 items-center justify-center rounded-lg px-5 py-2.5 text-base font-semibold transition-colors ${styles[variant]} ${className}`}
    />
  );
}
