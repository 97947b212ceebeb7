/** The ledger: the only code that writes money tables. Feature modules use this API. */
export { generateAccountNumber, isValidAccountNumber } from './account-number.js';
export {
  ensureInternalAccounts,
  findAccount,
  listCustomerAccounts,
  openCustomerAccount,
} from './accounts.js';
export { checkLedger, type LedgerReport, type Violation } from './check.js';
export { postEntry, postTransfer } from './post.js';
export {
  getBalance,
  getHistory,
  type AccountBalance,
  type AccountScope,
  type HistoryItem,
  type HistoryPage,
} from './reads.js';
export * from './types.js';
