import {
  SETUP_STEPS,
  type Permission,
  type SetupState,
  type SetupStep,
  type SetupStepId,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { openProposalsOf } from '../approvals/index.js';
import { BANK_NAME } from '../../platform/mail/index.js';
import { catalogApprovalKinds } from './dual-control.js';
import { catalogReadiness, type CatalogReadiness } from './offered-repo.js';

/**
 * "Set up the bank": what a fresh install lacks before customers can use everything, one step
 * per part of the catalog, each done, waiting for a second person's approval (a proposal that
 * would complete it is open), or missing. Read from what customers are offered now (one
 * statement) and the catalog's open proposals (one more).
 */

/** An open catalog proposal, as far as the checklist reads it. */
interface OpenChange {
  id: bigint;
  kind: string;
  action: string;
  after: Record<string, unknown>;
}

const INSTITUTION_FIELDS = [
  ['swiftCode', 'SWIFT code'],
  ['routingNumber', 'routing number'],
  ['country', 'country'],
  ['postalAddress', 'postal address'],
] as const;

/** "a, b and c". */
function listed(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** The names offered, at most three named. */
function offeredNames(names: readonly string[]): string {
  const shown = names.slice(0, 3);
  const more = names.length - shown.length;
  return `Offered: ${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

function step(
  id: SetupStepId,
  label: string,
  neededFor: string,
  state: SetupState,
  detail: string,
  waitingOn: OpenChange | undefined = undefined,
): SetupStep {
  return {
    step: id,
    label,
    neededFor,
    state,
    detail,
    approvalId: state === 'waiting' && waitingOn ? String(waitingOn.id) : null,
  };
}

function institutionStep(r: CatalogReadiness, open: OpenChange[]): SetupStep {
  const label = 'Institution details';
  const neededFor = `Needed for “To a ${BANK_NAME} customer” on Bank Transfer, for the details customers give to be paid from another bank (Add funds), and for the bank’s address on receipts and statements.`;
  const missing = INSTITUTION_FIELDS.filter(([key]) => !r[key]).map(([, words]) => words);
  if (missing.length === 0) {
    return step('institution', label, neededFor, 'done', 'All four are published.');
  }
  const change = open.find((c) => c.kind === 'catalog.institution');
  const leftOut = change
    ? INSTITUTION_FIELDS.filter(([key]) => !change.after[key]).map(([, words]) => words)
    : missing;
  if (change && leftOut.length === 0) {
    return step(
      'institution',
      label,
      neededFor,
      'waiting',
      'A change that sets all four waits for a second person’s approval.',
      change,
    );
  }
  const waits = change
    ? ` A change waits for approval, but it leaves out the ${listed(leftOut)}.`
    : '';
  return step(
    'institution',
    label,
    neededFor,
    'missing',
    `Missing: the ${listed(missing)}.${waits}`,
  );
}

/** A proposal that would offer a new entry of this kind (an addition, or one offered again). */
const offering = (open: OpenChange[], kind: string) =>
  open.find((c) => c.kind === kind && (c.action === 'add' || c.action === 'restore'));

function listStep(
  id: SetupStepId,
  label: string,
  neededFor: string,
  offered: readonly string[],
  proposal: OpenChange | undefined,
  none: string,
): SetupStep {
  if (offered.length > 0) return step(id, label, neededFor, 'done', offeredNames(offered));
  if (proposal) {
    return step(
      id,
      label,
      neededFor,
      'waiting',
      'An addition waits for a second person’s approval.',
      proposal,
    );
  }
  return step(id, label, neededFor, 'missing', none);
}

function rateStep(r: CatalogReadiness, coinWaits: boolean): SetupStep {
  const label = 'Crypto rates';
  const neededFor =
    'The price of one coin, so that the crypto forms tell customers how much of it to send.';
  if (r.cryptoTypes.length === 0) {
    const why = coinWaits
      ? 'Set it once the crypto type waiting for approval is offered.'
      : 'Add a crypto type first.';
    return step('crypto-rate', label, neededFor, 'missing', why);
  }
  if (r.cryptoTypesWithoutRate.length === 0) {
    return step('crypto-rate', label, neededFor, 'done', 'Every offered crypto type has a rate.');
  }
  return step(
    'crypto-rate',
    label,
    neededFor,
    'missing',
    `No rate yet for ${listed(r.cryptoTypesWithoutRate)}.`,
  );
}

/** The catalog's open proposals, with what each would do. */
async function openChanges(deps: AppDeps): Promise<OpenChange[]> {
  const open = await openProposalsOf(
    deps,
    catalogApprovalKinds.map((k) => k.kind),
  );
  return open.map((p) => {
    const payload = p.payload as { action: string; after: Record<string, unknown> };
    return { id: p.id, kind: p.kind, action: payload.action, after: payload.after };
  });
}

/** Who manages each step (on the catalog's pages): only they are shown it. */
const MANAGED_WITH: Record<SetupStepId, Permission> = {
  institution: 'catalog.manage',
  'crypto-type': 'catalog.manage',
  'crypto-rate': 'catalog.manage',
  'payment-purposes': 'catalog.manage',
  'account-plans': 'catalog.manage',
  'fixed-deposit-plans': 'catalog.manage',
};

/**
 * The steps of setting up the bank that `viewer` may manage, in order, each with its state;
 * none (and nothing read) for someone who manages none of them.
 */
export async function setupChecklist(
  deps: AppDeps,
  viewer: { permissions: ReadonlySet<Permission> },
): Promise<SetupStep[]> {
  const mine = new Set(SETUP_STEPS.filter((id) => viewer.permissions.has(MANAGED_WITH[id])));
  if (mine.size === 0) return [];
  return (await everyStep(deps)).filter((s) => mine.has(s.step));
}

async function everyStep(deps: AppDeps): Promise<SetupStep[]> {
  const [r, open] = await Promise.all([catalogReadiness(deps.db), openChanges(deps)]);
  const coin = offering(open, 'catalog.crypto_type');
  return [
    institutionStep(r, open),
    listStep(
      'crypto-type',
      'A crypto type and its deposit address',
      'Needed for Add funds, and for paying by crypto in Make payment, Fixed deposit and Upgrade Account.',
      r.cryptoTypes,
      coin,
      'No crypto type is offered: customers cannot add funds.',
    ),
    rateStep(r, coin !== undefined),
    listStep(
      'payment-purposes',
      'Payment purposes',
      'What customers may pay the bank for: needed for Make payment.',
      r.paymentPurposes,
      undefined,
      'No payment purpose is offered: customers cannot make a payment.',
    ),
    listStep(
      'account-plans',
      'Account plans to upgrade to',
      'A plan besides the default one: needed for Upgrade Account.',
      r.upgradePlans,
      offering(open, 'catalog.account_plan'),
      'Only the default plan is offered: customers have nothing to upgrade to.',
    ),
    listStep(
      'fixed-deposit-plans',
      'Fixed-deposit plans',
      'A term, rate and amounts: needed for Fixed deposit.',
      r.fixedDepositPlans,
      offering(open, 'catalog.fixed_deposit_plan'),
      'No fixed-deposit plan is offered: customers cannot open a fixed deposit.',
    ),
  ];
}
