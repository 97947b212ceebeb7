/** Test helpers of the funding pages: the server's answers and a stand-in for uploads. */
import type { FundingForms, FundingKind, FundingRequest, Product } from '@bank/contract';
import { vi } from 'vitest';
import { bankAnswers } from '../../test-fixtures';
import type { FakeResponse } from '../../test-utils';
import { FakeXhr } from '../../test-xhr';

export const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
export const USDT_ADDRESS = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
export const USDT_ERC20 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

export const forms: FundingForms = {
  currency: 'USD',
  cryptoTypes: [
    { id: '1', name: 'Bitcoin', address: BTC_ADDRESS, network: null, address2: null, rate: null },
    {
      id: '2',
      name: 'USDT',
      address: USDT_ADDRESS,
      network: 'TRC-20',
      address2: USDT_ERC20,
      rate: null,
    },
  ],
  purposes: [{ id: '5', name: 'Statement copy' }],
  fixedDepositPlans: [
    {
      id: '7',
      name: 'Twelve months',
      termCount: 12,
      termUnit: 'months',
      annualRateBp: 500,
      minAmount: '10000',
      maxAmount: null,
    },
  ],
  accountPlans: [
    {
      id: '1',
      name: 'Basic',
      serviceChargeBp: 1000,
      dailyTransferLimit: '500000',
      stepUpThreshold: '100000',
      price: '0',
      isDefault: true,
    },
    {
      id: '2',
      name: 'Gold',
      serviceChargeBp: 250,
      dailyTransferLimit: '2500000',
      stepUpThreshold: '500000',
      price: '15000',
      isDefault: false,
    },
  ],
  currentPlanId: '1',
};

/** Every product on, but the three ways of paying in that the operator switches off. */
export function availability(off: Product[] = []): Record<Product, boolean> {
  const all: Record<Product, boolean> = {
    crypto_deposit: true,
    make_payment: true,
    fixed_deposit: true,
    bank_transfer: true,
    upgrade: true,
    loan: false,
    credit_card: false,
    pay_bills: false,
    funding_bank_transfer: false,
    funding_card: false,
    funding_cash: false,
  };
  for (const product of off) all[product] = false;
  return all;
}

export function request(overrides: Partial<FundingRequest> = {}): FundingRequest {
  return {
    id: '1',
    kind: 'deposit',
    paidFrom: 'crypto',
    type: 'Bitcoin',
    subject: null,
    claimedAmount: '15000',
    receivedAmount: null,
    currency: 'USD',
    status: 'pending',
    declineReason: null,
    createdAt: '2026-11-03T10:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

export { fixedDepositSample as fixedDeposit } from '../../test-fixtures';

export const requestsPath = (kind: FundingKind) => `/api/v1/funding/requests?kind=${kind}`;

/** Ada's bank (test-fixtures) with the funding forms, every product on, and no requests yet. */
export function fundingAnswers(overrides: Record<string, FakeResponse> = {}) {
  return bankAnswers({
    '/api/v1/availability': { status: 200, body: { available: availability() } },
    '/api/v1/funding/forms': { status: 200, body: forms },
    [requestsPath('deposit')]: { status: 200, body: { items: [] } },
    [requestsPath('payment')]: { status: 200, body: { items: [] } },
    [requestsPath('fixed_deposit')]: { status: 200, body: { items: [] } },
    [requestsPath('upgrade')]: { status: 200, body: { items: [] } },
    ...overrides,
  });
}

export interface FakeUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData;
  /** Answers the upload, when the test chooses. */
  finish: () => void;
}

/** A stand-in XMLHttpRequest (lib/upload.ts): records each upload, reports 40 % sent, answers. */
export function mockUploads(answer: FakeResponse) {
  const sent: FakeUpload[] = [];
  class Xhr extends FakeXhr {
    override send(body: FormData) {
      this.progress(40, 100);
      sent.push({
        method: this.method,
        url: this.url,
        headers: this.headers,
        body,
        finish: () => this.answer(answer),
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', Xhr);
  return sent;
}

/** The server's 201 to a request (fundingRequestCreatedSchema). */
export const created = (overrides: Partial<FundingRequest> = {}): FakeResponse => ({
  status: 201,
  body: { status: 'pending', request: request(overrides) },
});

/** A picture to attach as the payment proof. */
export const proofImage = () => new File(['png'], 'proof.png', { type: 'image/png' });
