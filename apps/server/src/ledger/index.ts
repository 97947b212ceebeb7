/** The ledger: the only code that writes money tables. Feature modules use this API. */
export { generateAccountNumber, isValidAccountNumber } from './account-number.js';
export {
  currentAccountOf,
  ensureInternalAccounts,
  findAccount,
  listCustomerAccounts,
  openCustomerAccount,
} from './accounts.js';
export { checkLedger, type LedgerReport, type Violation } from './check.js';
export { postEntry, postTransfer } from './post.js';
export {
  getBalance,
  getBalanceSeries,
  getHistory,
  getOwnedBalance,
  getOwnedHistory,
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
  customerAccountBalances,
  readTrialBalance,
  type CustomerAccountFilter,
  type InternalAccountBalance,
  type TrialBalanceReading,
} from './trial-balance.js';
export * from './types.js';
