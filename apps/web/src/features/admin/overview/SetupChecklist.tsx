import type { SetupState, SetupStep, SetupStepId } from '@bank/contract';
import { CircleAlert, CircleCheck, Clock, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { linkClass, mutedClass } from '../shared/cells';
import { panelClass } from '../shared/panel';
import { proposalHref } from '../shared/second-person';
import { StatusBadge, type StatusTone } from '../shared/StatusBadge';

/** Where each step is done: a page of the catalog. */
const PAGES: Record<SetupStepId, string> = {
  institution: '/admin/catalog/institution',
  'crypto-type': '/admin/catalog/crypto-types',
  'crypto-rate': '/admin/catalog/crypto-types',
  'payment-purposes': '/admin/catalog/payment-purposes',
  'account-plans': '/admin/catalog/account-plans',
  'fixed-deposit-plans': '/admin/catalog/fixed-deposit-plans',
};

const STATES: Record<SetupState, { words: string; tone: StatusTone; icon: LucideIcon }> = {
  done: { words: 'Done', tone: 'done', icon: CircleCheck },
  waiting: { words: 'Waiting for a second person’s approval', tone: 'waiting', icon: Clock },
  missing: { words: 'Missing', tone: 'refused', icon: CircleAlert },
};

const ICON_COLOURS: Record<SetupState, string> = {
  done: 'text-green-700 dark:text-green-400',
  waiting: 'text-amber-700 dark:text-amber-300',
  missing: 'text-red-700 dark:text-red-400',
};

function Step({ step }: { step: SetupStep }) {
  const state = STATES[step.state];
  const Icon = state.icon;
  return (
    <li className="flex gap-3 py-3">
      <Icon aria-hidden="true" className={`mt-0.5 h-5 w-5 shrink-0 ${ICON_COLOURS[step.state]}`} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 className="font-semibold">
            <Link to={PAGES[step.step]} className={linkClass}>
              {step.label}
            </Link>
          </h3>
          <StatusBadge tone={state.tone}>{state.words}</StatusBadge>
        </div>
        <p>{step.detail}</p>
        {step.approvalId && (
          <p>
            <Link to={proposalHref(step.approvalId)} className={linkClass}>
              Open proposal {step.approvalId}
            </Link>
          </p>
        )}
        <p className={`text-sm ${mutedClass}`}>{step.neededFor}</p>
      </div>
    </li>
  );
}

/**
 * "Set up the bank": what a new bank lacks before customers can use everything, the steps the
 * staff member may manage (the server leaves out the others), each with its state and the
 * catalog page where it is done. Gone once every step is done.
 */
export function SetupChecklist({ steps }: { steps: SetupStep[] }) {
  if (steps.every((s) => s.state === 'done')) return null;
  const done = steps.filter((s) => s.state === 'done').length;
  return (
    <section aria-labelledby="setup" className={`${panelClass} flex flex-col gap-1`}>
      <h2 id="setup" className="text-lg font-semibold">
        Set up the bank
      </h2>
      <p className="text-slate-700 dark:text-slate-300">
        Customers can use everything once these are done: {done} of {steps.length} done.
      </p>
      <ol className="divide-y divide-slate-100 dark:divide-slate-800">
        {steps.map((s) => (
          <Step key={s.step} step={s} />
        ))}
      </ol>
    </section>
  );
}
