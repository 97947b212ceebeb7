import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/**
 * The router's error page: "No route matches URL" for an unknown path (404), the status and
 * text for other route errors (405, 400), and "Unexpected Application Error!" for anything that
 * crashed. Never shows a stack trace to a customer.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  let heading = 'Unexpected Application Error!';
  let detail = 'Something went wrong on this page. Please try again.';
  if (isRouteErrorResponse(error)) {
    heading = `${error.status} ${error.statusText}`;
    detail =
      error.status === 404
        ? `No route matches URL "${window.location.pathname}"`
        : typeof error.data === 'string'
          ? error.data
          : 'The request could not be completed.';
  } else {
    console.error(error);
  }
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-4 p-6">
      <h1 className="text-2xl font-bold">{heading}</h1>
      <p className="break-words text-slate-700 dark:text-slate-300">{detail}</p>
      <p>
        <Link to="/" className="text-brand-700 underline dark:text-brand-50">
          Go to the start page
        </Link>
      </p>
    </main>
  );
}
