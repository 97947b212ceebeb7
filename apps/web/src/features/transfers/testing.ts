/** Test helpers of the transfer pages: the server's transfers, beneficiaries and answers. */
import {
  PRODUCT_KEYS,
  type Beneficiary,
  type PayeeCheck,
  type Transfer,
  type TransferStep,
  type TransferTerms,
} from '@bank/contract';
import { bankAnswers } from '../../test-fixtures';
import type { FakeResponse } from '../../test-utils';

export const LIST = '/api/v1/transfers';
export const BENEFICIARIES = '/api/v1/beneficiaries';
export const TRANSFER = '/api/v1/transfers/t1';
export const TERMS = '/api/v1/transfers/terms';
export const PAYEE_CHECKS = '/api/v1/transfers/payee-checks';

/** Ada's Basic plan: 0.5 % to another bank, none inside; $1,234.56 available. */
export function termsSample(overrides: Partial<TransferTerms> = {}): TransferTerms {
  return {
    currency: 'USD',
    planName: 'Basic',
    serviceChargeBp: 50,
    internalServiceChargeBp: 0,
    minimumAmount: '100',
    dailyTransferLimit: '1000000',
    sentToday: '0',
    leftToday: '1000000',
    availableBalance: '123456',
    bank: { name: 'Cedar Bank', swift: 'CEDRUS33', routing: '123456789', country: 'US' },
    ...overrides,
  };
}

/** The bank's answer to a check of Ngozi Eze's account. */
export function payeeCheckSample(overrides: Partial<PayeeCheck> = {}): PayeeCheck {
  return {
    accountNumber: '5928387132',
    name: 'Ngozi E.',
    typedName: 'Ngozi Eze',
    match: 'match',
    token: 'eyJ2IjoxfQ.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    expiresAt: '2999-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** 150.25 to Grace Hopper at Deutsche Bank, 10 % charged: a draft, the balance covering it. */
export function transferSample(overrides: Partial<Transfer> = {}): Transfer {
  return {
    id: 't1',
    stage: 'draft',
    status: null,
    bank: 'Deutsche Bank',
    swift: 'DEUTDEFF',
    currency: 'USD',
    routing: '021000021',
    country: 'DE',
    accountNumber: 'DE89370400440532013000',
    accountHolderName: 'Grace Hopper',
    note: 'Rent for March',
    saveBeneficiary: false,
    internal: false,
    awaitingCode: false,
    amount: '15025',
    fee: '1503',
    feeRateBp: 1000,
    amountReceived: '13522',
    availableBalance: '123456',
    sufficientBalance: true,
    reference: null,
    failureReason: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    submittedAt: null,
    decidedAt: null,
    expiresAt: '2999-01-01T00:00:00.000Z',
    payeeCheck: null,
    ...overrides,
  };
}

export function beneficiarySample(overrides: Partial<Beneficiary> = {}): Beneficiary {
  return {
    id: 'b1',
    bank: 'Barclays',
    swift: 'BARCGB22',
    currency: 'USD',
    routing: '200000',
    country: 'GB',
    accountNumber: 'GB29NWBK60161331926819',
    accountHolderName: 'Charles Babbage',
    lastPaidAt: '2026-11-01T10:00:00.000Z',
    createdAt: '2026-10-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The server's answer to a step, carrying the transfer at `stage`. */
export function stepAnswer(
  next: TransferStep['next'],
  stage: Transfer['stage'],
  overrides: Partial<Transfer> = {},
): FakeResponse {
  const transfer = transferSample({ stage, ...overrides });
  if (next === 'code') {
    return {
      status: 200,
      body: {
        next,
        head: 'Transfer Authorization Code is required',
        body: 'This is a new beneficiary, so we emailed you a code to confirm it is you.',
        sentTo: 'a•••a@example.com',
        reasons: ['new_beneficiary'],
        passkey: false,
        transfer,
      },
    };
  }
  return { status: 200, body: { next, transfer } };
}

/** A refusal the customer reads in the notice dialog. */
export function noticeProblem(title: string, body: string): FakeResponse {
  return {
    status: 422,
    body: {
      type: 'about:blank',
      title: 'Unprocessable',
      status: 422,
      code: 'TRANSFER_REFUSED',
      detail: title,
      notice: { title, body },
    },
  };
}

/** Every product on, or bank transfers off where the customer lives. */
export function availability(bankTransfer = true): FakeResponse {
  const available = Object.fromEntries(PRODUCT_KEYS.map((product) => [product, true]));
  return { status: 200, body: { available: { ...available, bank_transfer: bankTransfer } } };
}

/** Ada's bank (test-fixtures), transfers on, no transfers or beneficiaries yet; `overrides` by path. */
export function transferAnswers(overrides: Record<string, FakeResponse> = {}) {
  return bankAnswers({
    '/api/v1/availability': availability(),
    [LIST]: { status: 200, body: { items: [] } },
    [BENEFICIARIES]: { status: 200, body: { items: [] } },
    [TRANSFER]: { status: 200, body: transferSample() },
    [TERMS]: { status: 200, body: termsSample() },
    ...overrides,
  });
}
