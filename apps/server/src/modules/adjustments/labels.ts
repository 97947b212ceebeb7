import type { LedgerAccount } from '../../ledger/index.js';

/** The bank's accounts in words (as the trial balance names them). */
export const INTERNAL_LABELS: Record<string, string> = {
  suspense: 'Suspense',
  fee_income: 'Fee income',
  interest_expense: 'Interest expense',
  crypto_deposit_clearing: 'Crypto deposits clearing',
  outgoing_transfer_clearing: 'Outgoing transfers clearing',
  manual_adjustments: 'Manual adjustments',
};

export const accountLabel = (account: Pick<LedgerAccount, 'kind' | 'name'>) =>
  INTERNAL_LABELS[account.kind] ?? account.name;
