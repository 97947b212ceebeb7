/** The ledger: the only code that writes money tables. Feature modules use this API. */
export { generateAccountNumber, isValidAccountNumber } from './account-number.js';
export {
  currentAccountOf,
  currentAccountsOf,
  ensureInternalAccounts,
  findAccount,
  findAccounts,
  listCustomerAccounts,
  openCustomerAccount,
} from './accounts.js';
export { checkLedger, type LedgerReport, type Violation } from './check.js';
export {
  currentAccountNumbers,
  customerAccountBalances,
  lockCustomerAccounts,
  type CustomerAccountBalance,
} from './customer-accounts.js';
export { foldPending, startLedgerFolder, type LedgerFolder } from './pending.js';
export { postEntry, postTransfer } from './post.js';
export {
  findEntryId,
  getBalance,
  getBalanceSeries,
  getHistory,
  getOwnedBalance,
  getOwnedHistory,
  getOwnedPosting,
  getPeriodSummary,
  type AccountBalance,
  type AccountScope,
  type HistoryFilter,
  type HistoryItem,
  type HistoryPage,
  type OwnedAccount,
  type OwnedHistoryItem,
  type OwnedHistoryPage,
  type PeriodSummary,
} from './reads.js';
export {
  customerAccountsPage,
  readTrialBalance,
  type CustomerAccountFilter,
  type InternalAccountBalance,
  type TrialBalanceReading,
} from './trial-balance.js';
export * from './types.js';
