/** Test helpers of the Customers area: a customer as the server answers, and a fake API. */
import type {
  CustomerAuditEntry,
  CustomerSearchItem,
  CustomerSession,
  CustomerSessionList,
  Me,
  StaffCustomer,
  Transaction,
} from '@bank/contract';
import { mockFetch, problem, type FakeResponse } from '../../../test-utils';

export const CUSTOMER_PATH = '/api/v1/staff/customers/31';

/** Ama Mensah: verified, a current account with $4,775.00 and a fixed deposit. */
export function customerSample(overrides: Partial<StaffCustomer> = {}): StaffCustomer {
  return {
    id: '31',
    firstName: 'Ama',
    lastName: 'Mensah',
    username: 'amamensah',
    email: 'ama@example.com',
    emailVerified: true,
    createdAt: '2026-10-02T08:00:00.000Z',
    kycStatus: 'approved',
    profile: {
      phone: '+447400123456',
      gender: 'female',
      dateOfBirth: '1990-04-12',
      country: 'GB',
      maritalStatus: 'single',
      homeAddress: '1 High Street, London',
      nextOfKinOnFile: true,
      plan: 'Basic',
    },
    restriction: null,
    freeze: null,
    pin: { hasPin: true, pausedUntil: null },
    accounts: [
      {
        id: '501',
        accountNumber: '4000000017',
        kind: 'customer_current',
        name: 'Ama Mensah',
        currency: 'USD',
        balance: '477500',
        totalCredit: '500000',
        totalDebit: '22500',
      },
      {
        id: '502',
        accountNumber: '4000000025',
        kind: 'customer_fixed_deposit',
        name: 'Fixed deposit — Twelve months',
        currency: 'USD',
        balance: '20000',
        totalCredit: '20000',
        totalDebit: '0',
      },
    ],
    identityChecks: [
      {
        id: '71',
        status: 'approved',
        documentType: "Driver's License",
        country: 'GB',
        phone: '+447400123456',
        homeAddress: '1 High Street, London',
        submittedAt: '2026-10-02T09:00:00.000Z',
        reviewedAt: '2026-10-02T10:00:00.000Z',
        reviewedBy: 'Grace Hopper',
        declineReason: null,
        documents: [
          { role: 'photo', mime: 'image/webp', bytes: 20480 },
          { role: 'id_front', mime: 'image/webp', bytes: 30720 },
          { role: 'id_back', mime: 'application/pdf', bytes: 40960 },
        ],
      },
    ],
    ...overrides,
  };
}

export function searchItem(overrides: Partial<CustomerSearchItem> = {}): CustomerSearchItem {
  return {
    id: '31',
    firstName: 'Ama',
    lastName: 'Mensah',
    email: 'ama@example.com',
    username: 'amamensah',
    phone: '+447400123456',
    accountNumber: '4000000017',
    kycStatus: 'approved',
    restricted: false,
    freeze: null,
    createdAt: '2026-10-02T08:00:00.000Z',
    ...overrides,
  };
}

export function transaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: '9001',
    entryId: '4501',
    name: 'Transfer to Grace Hopper (Deutsche Bank)',
    date: '2026-11-20T09:30:00.000Z',
    amount: '2500',
    currency: 'USD',
    transactionType: 'debit',
    status: 'in_progress',
    balanceAfter: '477500',
    ...overrides,
  };
}

export function auditEntry(overrides: Partial<CustomerAuditEntry> = {}): CustomerAuditEntry {
  return {
    id: '8001',
    action: 'customer.freeze',
    label: 'Account frozen',
    actor: { id: '2', name: 'Grace Hopper', kind: 'staff' },
    targetType: 'user',
    targetId: '31',
    before: { scope: null },
    after: { scope: 'debits', reasonCode: 'legal_order', note: 'Court order 2026/118' },
    ip: '10.0.0.7',
    createdAt: '2026-11-21T11:00:00.000Z',
    ...overrides,
  };
}

export function sessionSample(overrides: Partial<CustomerSession> = {}): CustomerSession {
  return {
    id: '7001',
    scope: 'customer',
    device: 'Firefox on Linux',
    address: '203.0.113.9',
    place: 'United Kingdom',
    signedInAt: '2026-11-21T09:00:00.000Z',
    lastSeenAt: '2026-11-21T09:10:00.000Z',
    state: 'active',
    endedAt: null,
    ...overrides,
  };
}

/** The Sign-ins section's answer: no sign-in, two-step sign-in off, no passkey by default. */
export function sessionList(overrides: Partial<CustomerSessionList> = {}): CustomerSessionList {
  return {
    items: [],
    protection: { twoStep: null, passkeys: [], trustedBrowsers: 0 },
    ...overrides,
  };
}

const page = <T>(items: T[], nextCursor: string | null = null) => ({
  status: 200,
  body: { items, nextCursor },
});

/**
 * A fake API around one customer: the session of `me`, the customer, empty sections, and
 * `answers` by path (which may look at what was sent) before any of those.
 */
export function customerApi(
  me: Me,
  answers: Record<string, (body: unknown) => FakeResponse> = {},
  customer: StaffCustomer = customerSample(),
) {
  return mockFetch((path, body) => {
    const custom = answers[path] ?? answers[path.split('?')[0] ?? ''];
    if (custom) return custom(body);
    if (path === '/api/v1/auth/session') return { status: 200, body: { me } };
    if (path === CUSTOMER_PATH) return { status: 200, body: customer };
    if (path.startsWith(`${CUSTOMER_PATH}/fixed-deposits`))
      return { status: 200, body: { items: [] } };
    if (path.startsWith(`${CUSTOMER_PATH}/sessions`)) return { status: 200, body: sessionList() };
    if (path.startsWith(`${CUSTOMER_PATH}/notifications`)) {
      return { status: 200, body: { items: [], nextCursor: null, unread: 0 } };
    }
    if (path.startsWith(`${CUSTOMER_PATH}/ledger`)) {
      return {
        status: 200,
        body: {
          account: {
            id: '501',
            accountNumber: '4000000017',
            kind: 'customer_current',
            name: 'Ama Mensah',
          },
          items: [],
          nextCursor: null,
        },
      };
    }
    if (path.startsWith(`${CUSTOMER_PATH}/`)) return page([]);
    return problem(404, 'NOT_FOUND', `unexpected ${path}`);
  });
}

export { page };
