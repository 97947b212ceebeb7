/** Test helpers of the staff pages: a staff member, a transfer to process, a fake queue API. */
import type { Me, StaffTransferDetail } from '@bank/contract';
import { mockFetch, problem, type FakeResponse } from '../../../test-utils';

/** Grace Hopper, signed in as staff with `permissions`. */
export function staffMe(permissions: Me['permissions']): Me {
  return {
    scope: 'staff',
    firstName: 'Grace',
    lastName: 'Hopper',
    username: 'ghopper',
    email: 'grace@bank.example',
    kycStatus: 'approved',
    permissions,
  };
}

/** 1,000.00 from Ama Mensah to Jonas Weber at Deutsche Bank, 10 % charged: in progress. */
export function staffTransferSample(
  overrides: Partial<StaffTransferDetail> = {},
): StaffTransferDetail {
  return {
    id: '41',
    stage: 'submitted',
    status: 'in_progress',
    bank: 'Deutsche Bank',
    swift: 'DEUTDEFF',
    currency: 'USD',
    routing: '50070010',
    country: 'DE',
    accountNumber: 'DE89370400440532013000',
    accountHolderName: 'Jonas Weber',
    note: 'Rent for December',
    internal: false,
    amount: '100000',
    fee: '10000',
    feeRateBp: 1000,
    amountReceived: '90000',
    reference: null,
    failureReason: null,
    createdAt: '2026-11-20T09:25:00.000Z',
    submittedAt: '2026-11-20T09:30:00.000Z',
    decidedAt: null,
    customer: {
      id: '31',
      name: 'Ama Mensah',
      email: 'ama@example.com',
      accountNumber: '4000000017',
    },
    decidedBy: null,
    proposal: null,
    dualControlThreshold: '500000',
    authorization: {
      pinAt: '2026-11-20T09:28:00.000Z',
      stepUp: { method: 'code', at: '2026-11-20T09:29:00.000Z', passkey: null },
    },
    ...overrides,
  };
}

/**
 * A fake API for a staff queue: the session of `me`, and each status of `queues` answered at
 * `queuePath(status)`; anything else is a 404.
 */
export function queueApi(
  me: Me,
  queuePath: (status: string) => string,
  queues: Record<string, () => FakeResponse>,
) {
  return mockFetch((path) => {
    if (path === '/api/v1/auth/session') return { status: 200, body: { me } };
    const queue = Object.entries(queues).find(([status]) => path === queuePath(status));
    return queue ? queue[1]() : problem(404, 'NOT_FOUND', `unexpected ${path}`);
  });
}

/** A queue's answer listing `list`. */
export const queueItems =
  <T>(...list: T[]) =>
  (): FakeResponse => ({ status: 200, body: { items: list, nextCursor: null } });
