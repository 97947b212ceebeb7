import { z } from 'zod';
import { FUNDING_KINDS, formatMoney, formatRate, readableDay } from '@bank/contract';
import { notice } from '../notice.js';

/**
 * Money the customer asked the bank for and what became of it: funding requests (crypto
 * deposits, payments, fixed deposits, upgrades), fixed deposits, transfers.
 */

const minor = z.bigint();
const currency = z.string().length(3);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const fundingKind = z.enum(FUNDING_KINDS);

/** What the customer reads a request as. */
export const FUNDING_KIND_LABEL: Record<z.infer<typeof fundingKind>, string> = {
  deposit: 'Crypto deposit',
  payment: 'Payment',
  fixed_deposit: 'Fixed deposit',
  upgrade: 'Account upgrade',
};

/** A sentence's end: the reason as staff typed it, with a full stop when it has none. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

const fundingConfirmed = z.object({
  kind: fundingKind,
  requestId: z.bigint(),
  /** The crypto type it was paid in, and what it was for (purpose or plan name). */
  type: z.string(),
  subject: z.string().nullable(),
  claimed: minor,
  received: minor,
  currency,
  decidedOn: day,
});

function fundingConfirmedText(d: z.output<typeof fundingConfirmed>) {
  const money = (m: bigint) => formatMoney(m, d.currency);
  const amounts =
    d.claimed === d.received
      ? `${money(d.received)} arrived`
      : `You told us ${money(d.claimed)}; ${money(d.received)} arrived, and that is the amount we used`;
  switch (d.kind) {
    case 'deposit':
      return `Your crypto deposit in ${d.type} is confirmed. ${amounts}, and it is now in your account.`;
    case 'payment':
      return [
        `Your payment is confirmed. ${amounts}. This is your receipt.`,
        `Purpose: ${d.subject ?? 'payment to the bank'}.`,
        `Amount received: ${money(d.received)} in ${d.type}.`,
        `Date: ${readableDay(d.decidedOn)}.`,
        `Reference: payment ${d.requestId}.`,
      ].join(' ');
    case 'fixed_deposit':
      return `Your fixed deposit${d.subject ? ` on the ${d.subject} plan` : ''} is confirmed. ${amounts}, and your fixed deposit has started with it.`;
    case 'upgrade':
      return `Your upgrade${d.subject ? ` to the ${d.subject} plan` : ''} is confirmed. ${amounts}, and your new plan applies from now on.`;
  }
}

const transfer = z.object({
  amount: minor,
  currency,
  holder: z.string(),
  bank: z.string(),
});

export const moneyNotices = {
  'funding.received': notice({
    data: z.object({ kind: fundingKind, amount: minor, currency, type: z.string() }),
    email: false,
    render: (d) => {
      const what = FUNDING_KIND_LABEL[d.kind];
      return {
        title: `${what} received`,
        body: `We received your ${what.toLowerCase()} of ${formatMoney(d.amount, d.currency)} in ${d.type}. It is pending until we confirm the payment arrived; we will tell you as soon as it is decided.`,
      };
    },
  }),
  'funding.confirmed': notice({
    data: fundingConfirmed,
    email: true,
    render: (d) => ({
      title: d.kind === 'payment' ? 'Payment receipt' : `${FUNDING_KIND_LABEL[d.kind]} confirmed`,
      body: fundingConfirmedText(d),
    }),
  }),
  'funding.declined': notice({
    data: z.object({ kind: fundingKind, claimed: minor, currency, reason: z.string() }),
    email: true,
    render: (d) => {
      const what = FUNDING_KIND_LABEL[d.kind];
      return {
        title: `${what} declined`,
        body: `Your ${what.toLowerCase()} of ${formatMoney(d.claimed, d.currency)} was declined: ${sentence(d.reason)}`,
      };
    },
  }),
  'fixed_deposit.opened': notice({
    data: z.object({
      principal: minor,
      currency,
      plan: z.string(),
      rateBp: z.number().int(),
      startDate: day,
      maturityDate: day,
      interest: minor,
      total: minor,
    }),
    email: true,
    render: (d) => ({
      title: 'Fixed deposit opened',
      body: `Your fixed deposit of ${formatMoney(d.principal, d.currency)} on the ${d.plan} plan (${formatRate(d.rateBp)} a year) started on ${readableDay(d.startDate)}. It matures on ${readableDay(d.maturityDate)} with ${formatMoney(d.interest, d.currency)} interest, ${formatMoney(d.total, d.currency)} in all, paid into your account.`,
    }),
  }),
  'fixed_deposit.matured': notice({
    data: z.object({
      plan: z.string(),
      principal: minor,
      interest: minor,
      total: minor,
      currency,
    }),
    email: true,
    render: (d) => {
      const money = (m: bigint) => formatMoney(m, d.currency);
      return {
        title: 'Fixed deposit matured',
        body: `Your ${d.plan} fixed deposit has matured: ${money(d.principal)} plus ${money(d.interest)} interest, ${money(d.total)} in all, is now in your account.`,
      };
    },
  }),
  'transfer.code_locked': notice({
    data: z.object({ maxAttempts: z.number().int(), tooManyTries: z.string() }),
    email: true,
    render: (d) => ({
      title: 'Transfer code blocked',
      body: `The authorization code for your transfer was entered wrongly ${d.maxAttempts} times, so it no longer works. ${d.tooManyTries} If this was not you, change your password and PIN now.`,
    }),
  }),
  'transfer.sent': notice({
    data: transfer.extend({ received: minor, fee: minor, bankName: z.string() }),
    email: true,
    render: (d) => ({
      title: 'Transfer sent',
      body: `You sent ${formatMoney(d.amount, d.currency)} to ${d.holder} at ${d.bankName}. They received ${formatMoney(d.received, d.currency)} after the ${formatMoney(d.fee, d.currency)} service charge.`,
    }),
  }),
  'transfer.submitted': notice({
    data: transfer.extend({ received: minor, fee: minor }),
    email: true,
    render: (d) => ({
      title: 'Transfer in progress',
      body: `Your transfer of ${formatMoney(d.amount, d.currency)} to ${d.holder} (${d.bank}) is in progress: ${formatMoney(d.received, d.currency)} will be sent after the ${formatMoney(d.fee, d.currency)} service charge. We will tell you when it has arrived.`,
    }),
  }),
  'transfer.received': notice({
    data: z.object({ from: z.string(), received: minor, currency, bankName: z.string() }),
    email: true,
    render: (d) => ({
      title: 'Money received',
      body: `${d.from} sent you ${formatMoney(d.received, d.currency)} from their ${d.bankName} account. It is in your account now.`,
    }),
  }),
  'transfer.successful': notice({
    data: transfer.extend({ received: minor, reference: z.string() }),
    email: true,
    render: (d) => ({
      title: 'Transfer successful',
      body: `Your transfer of ${formatMoney(d.amount, d.currency)} to ${d.holder} (${d.bank}) was sent: ${formatMoney(d.received, d.currency)} is on its way to them. Reference: ${d.reference}.`,
    }),
  }),
  'transfer.failed': notice({
    data: transfer.extend({ reason: z.string() }),
    email: true,
    render: (d) => ({
      title: 'Transfer failed',
      body: `Your transfer of ${formatMoney(d.amount, d.currency)} to ${d.holder} (${d.bank}) failed: ${sentence(d.reason)} The full ${formatMoney(d.amount, d.currency)}, service charge included, is back in your account.`,
    }),
  }),
  'transfer.cancelled': notice({
    data: transfer,
    email: true,
    render: (d) => ({
      title: 'Transfer cancelled',
      body: `You cancelled your transfer of ${formatMoney(d.amount, d.currency)} to ${d.holder} (${d.bank}) before it was sent. The full ${formatMoney(d.amount, d.currency)}, service charge included, is back in your account.`,
    }),
  }),
};
