import { isRouteErrorResponse, useRouteError } from 'react-router';
import { BANK_NAME } from '../../lib/brand';
import { BrandMark } from './BrandMark';
import { ButtonLink } from './ButtonLink';
import { PageHeading } from './PageHeading';

/**
 * Lucide's Compass and TriangleAlert drawn as lucide draws them (ISC licence), written out here
 * because this page ships with the sign-in page and lucide's icon runtime would otherwise come
 * with it (issue 8's budget).
 */
function ErrorIcon({ notFound }: { notFound: boolean }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className="h-7 w-7"
    >
      {notFound ? (
        <>
          <circle cx="12" cy="12" r="10" />
          <path d="m16.24 7.76-1.804 5.411a2 2 0 0 1-1.265 1.265L7.76 16.24l1.804-5.411a2 2 0 0 1 1.265-1.265z" />
        </>
      ) : (
        <>
          <path d="m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3" />
          <path d="M12 9v4" />
          <path d="M12 17h.01" />
        </>
      )}
    </svg>
  );
}

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
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center px-4 py-10">
      <header className="mb-6">
        <BrandMark size="lg" />
      </header>
      <main className="flex w-full max-w-md flex-col items-center gap-4 rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-8 dark:bg-slate-900 dark:ring-slate-800">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-50">
          <ErrorIcon notFound={notFound} />
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
