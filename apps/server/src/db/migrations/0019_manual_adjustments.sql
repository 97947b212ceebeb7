-- Manual ledger adjustments (issue 18, modules/adjustments): the bank's own account that takes
-- the other side of every adjustment staff make under four eyes, one per currency like the
-- other internal accounts (ensureInternalAccounts opens it on first use). Its balance is what
-- the bank has put into (negative) or taken out of (positive) other accounts by hand: the
-- trial balance shows it on its own line.

ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check CHECK (kind IN (
  'customer_current', 'customer_fixed_deposit',
  'crypto_deposit_clearing', 'outgoing_transfer_clearing',
  'fee_income', 'interest_expense', 'suspense', 'manual_adjustments'));
