import { Compass, TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { BANK_NAME } from '../../lib/brand';
import { BrandMark } from './BrandMark';
import { ButtonLink } from './ButtonLink';
import { PageHeading } from './PageHeading';

/** What went wrong, in the router's words (SPEC: the router's default error pages). */
function describe(error: unknown) {
  if (!isRouteErrorResponse(error)) {
    return {
      notFound: false,
      title: 'Something went wrong',
      heading: 'Unexpected Application Error!',
      detail: 'Something went wrong on this page. Please try again.',
    };
  }
  const notFound = error.status === 404;
  return {
    notFound,
    title: notFound ? 'Page not found' : `Error ${error.status}`,
    heading: `${error.status} ${error.statusText}`,
    detail: notFound
      ? `No route matches URL "${window.location.pathname}"`
      : typeof error.data === 'string'
        ? error.data
        : 'The request could not be completed.',
  };
}

/**
 * The router's error page, in the bank's own frame: "No route matches URL" for an unknown path
 * (404), the status and text for other route errors (405, 400), and "Unexpected Application
 * Error!" for anything that crashed. Never shows a stack trace to a customer.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { notFound, title, heading, detail } = describe(error);
  if (!isRouteErrorResponse(error)) console.error(error);
  const Icon = notFound ? Compass : TriangleAlert;
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center px-4 py-10">
      <header className="mb-6">
        <BrandMark size="lg" />
      </header>
      <main className="flex w-full max-w-md flex-col items-center gap-4 rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-8 dark:bg-slate-900 dark:ring-slate-800">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-50">
          <Icon aria-hidden="true" className="h-7 w-7" />
        </span>
        <PageHeading title={title}>{heading}</PageHeading>
        <p className="break-words text-slate-700 dark:text-slate-300">{detail}</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {notFound
            ? 'The address may be mistyped, or the page may have moved.'
            : 'Your money and details are safe. Reload the page, or start again.'}
        </p>
        <ButtonLink to="/" className="mt-2 w-full sm:w-auto">
          Go to the start page
        </ButtonLink>
      </main>
      <footer className="mt-8 text-sm text-slate-600 dark:text-slate-400">
        © {new Date().getFullYear()} {BANK_NAME}. All rights reserved.
      </footer>
    </div>
  );
}
