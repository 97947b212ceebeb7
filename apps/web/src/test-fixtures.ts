/** Test fixtures: a signed-in customer, her account and an API that answers like the server. */
import type { AccountSummary, FixedDeposit, Me, Profile, Transaction } from '@bank/contract';
import type { FakeResponse } from './test-utils';

export const ada: Me = {
  scope: 'customer',
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  kycStatus: 'approved',
  permissions: [],
};

export const account: AccountSummary = {
  accountNumber: '0123456789',
  currency: 'USD',
  availableBalance: '123456',
  totalCredit: '500000',
  totalDebit: '376544',
};

export function transaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: '1',
    entryId: '101',
    name: 'Salary',
    date: '2024-03-05T12:00:00.000Z',
    amount: '1200',
    currency: 'USD',
    transactionType: 'credit',
    status: 'successful',
    balanceAfter: '123456',
    ...overrides,
  };
}

export const profile: Profile = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  phone: '+442079460958',
  gender: 'female',
  dateOfBirth: '1990-12-10',
  country: 'GB',
  maritalStatus: 'married',
  homeAddress: '12 St James Square, London',
  nextOfKinOnFile: false,
  hasPicture: false,
  plan: 'Basic',
  identityVerified: false,
};

export const RECENT_PATH = '/api/v1/accounts/current/transactions?limit=10';

/** Answers for mockFetch: Ada signed in, her account, no transactions; `overrides` by path. */
export function bankAnswers(overrides: Record<string, FakeResponse> = {}) {
  const answers: Record<string, FakeResponse> = {
    '/api/v1/auth/session': { status: 200, body: { me: ada } },
    '/api/v1/accounts/current': { status: 200, body: account },
    [RECENT_PATH]: { status: 200, body: { items: [], nextCursor: null, pending: [] } },
    '/api/v1/auth/signout': { status: 204 },
    '/api/v1/pin': { status: 200, body: { hasPin: true, lockedUntil: null } },
    '/api/v1/notifications/unread-count': { status: 200, body: { unread: 0 } },
    '/api/v1/profile': { status: 200, body: profile },
    '/api/v1/fixed-deposits': { status: 200, body: { items: [] } },
    ...overrides,
  };
  return (path: string): FakeResponse => answers[path] ?? { status: 404 };
}

/** The server's 400 for one field it refused, as problem+json. */
export function fieldProblem(path: string, message: string): FakeResponse {
  return {
    status: 400,
    body: {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: 'Some fields are missing or not valid.',
      errors: [{ path, message }],
    },
  };
}

/** A fixed deposit as GET /api/v1/fixed-deposits lists it (1,000.00 for a year at 5 %). */
export function fixedDepositSample(overrides: Partial<FixedDeposit> = {}): FixedDeposit {
  return {
    id: '1',
    planName: 'Twelve months',
    annualRateBp: 500,
    principal: '100000',
    accrued: '137',
    interestAtMaturity: '5000',
    currency: 'USD',
    startDate: '2026-11-01',
    maturityDate: '2027-11-01',
    termDays: 365,
    status: 'active',
    fundedBy: 'balance',
    accountNumber: '9000000001',
    ...overrides,
  };
}
