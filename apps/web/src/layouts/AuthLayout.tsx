import { Outlet } from 'react-router';
import { BrandMark } from '../components/ui/BrandMark';
import { BANK_NAME } from '../lib/brand';

/** The signed-out pages: a centred card with the bank's name above it. */
export function AuthLayout() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center px-4 py-10">
      <header className="mb-6">
        <BrandMark size="lg" />
      </header>
      <main className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8 dark:bg-slate-900 dark:ring-slate-800">
        <Outlet />
      </main>
      <footer className="mt-8 text-sm text-slate-600 dark:text-slate-400">
        © {new Date().getFullYear()} {BANK_NAME}. All rights reserved.
      </footer>
    </div>
  );
}
