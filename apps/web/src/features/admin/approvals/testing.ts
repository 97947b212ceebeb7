import type { Approval } from '@bank/contract';

/** A credit of 1,250.00 to Ama Mensah, proposed by Alan Turing: waiting. */
export function approvalSample(overrides: Partial<Approval> = {}): Approval {
  return {
    id: '5',
    kind: 'ledger.adjustment',
    kindLabel: 'Manual ledger adjustment',
    status: 'pending',
    summary: 'Credit $1,250.00 to Ama Mensah, account 4000000017',
    reason: 'Card fee charged twice on 3 March',
    details: [
      { label: 'Customer account', value: 'Ama Mensah (account 4000000017)' },
      { label: 'Direction', value: 'Credit' },
      { label: 'Amount', value: '$1,250.00' },
    ],
    amount: '125000',
    currency: 'USD',
    customer: { id: '31', name: 'Ama Mensah' },
    subject: null,
    proposedBy: { id: '7', name: 'Alan Turing' },
    proposedAt: '2026-11-20T09:30:00.000Z',
    expiresAt: '2026-11-23T09:30:00.000Z',
    decidedBy: null,
    decidedAt: null,
    decisionNote: null,
    outcome: [],
    evidenceMime: 'image/webp',
    canDecide: true,
    mine: false,
    ...overrides,
  };
}

export const LIST = '/api/v1/staff/approvals';
export const KINDS = [{ kind: 'ledger.adjustment', label: 'Manual ledger adjustment' }];
