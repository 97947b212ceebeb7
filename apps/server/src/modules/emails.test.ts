import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { EmailMessage } from '../platform/mail/index.js';
import { NOTICES, type NoticeData, type NoticeKind } from '../platform/notifications/index.js';
import { notificationEmail } from '../platform/notifications/notifier.js';

/**
 * Every email the bank sends, rendered and proofread (issue 19: one read "only:$1,200.00"): the
 * templates of every module's emails.tsx and every notification kind, each with sample data.
 * A new template or kind has no sample until one is added here, and this fails until it is.
 * `PRINT_EMAILS=1 npx vitest run --project unit apps/server/src/modules/emails.test.ts` prints
 * every one of them, to read them as a person would.
 */

const TO = 'ada@example.com';
const WHEN = new Date('2026-11-21T15:04:00Z');
const UNTIL = new Date('2026-11-22T09:30:00Z');

/** Sample arguments of each template, by "<module>/<export>". */
const TEMPLATE_SAMPLES: Record<string, unknown[]> = {
  'auth/verificationEmail': [TO, 'Ada', '123456'],
  'auth/signinCodeEmail': [TO, 'Ada', '123456'],
  'auth/signinThrottledEmail': [TO, 'Ada'],
  'auth/alreadyRegisteredEmail': [TO, 'Ada'],
  'auth/newDeviceEmail': [
    TO,
    'Ada',
    WHEN,
    { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/142.0' },
  ],
  'auth/passwordResetEmail': [
    TO,
    'Ada',
    '123456',
    'https://bank.example/wp-user/auth/reset/ada%40example.com/abc123',
  ],
  'auth/passwordChangedEmail': [TO, 'Ada', WHEN],
  'auth/codesPausedEmail': [TO, 'Ada', 'sign-in', UNTIL],
  'auth/signupFailedEmail': [TO, 'Ada', 'ada_l'],
  'kyc/kycApprovedEmail': [TO, 'Ada', '4012345678'],
  'kyc/kycDeclinedEmail': [TO, 'Ada', 'The photo of the ID card is blurred'],
  'passkeys/passkeyAddedEmail': [TO, 'Ada', 'My phone', WHEN],
  'passkeys/passkeyRemovedEmail': [TO, 'Ada', 'My phone', WHEN],
  'pin/pinResetCodeEmail': [TO, 'Ada', '123456'],
  'settings/emailChangeCodeEmail': [TO, 'Ada', '123456'],
  'settings/emailChangedNoticeEmail': [TO, 'Ada', 'ada.new@example.com', WHEN],
  'settings/emailInUseNoticeEmail': [TO, 'Ada'],
  'staff/invitationEmail': [
    {
      to: TO,
      firstName: 'Ada',
      inviter: 'Grace Hopper',
      roles: ['KYC reviewer', 'Funding reviewer'],
      link: 'https://bank.example/wp-user/auth/staff-invitation/abc123',
      expiresAt: UNTIL,
    },
  ],
  'staff/secondFactorResetEmail': [TO, 'Ada', WHEN],
  'transfers/transferCodeEmail': [
    TO,
    'Ada',
    '1234',
    {
      amount: 120_000n,
      currency: 'USD',
      holderName: 'Grace Hopper',
      bank: 'Deutsche Bank',
      destination: 'account ••3000 at DEUTDEFF',
    },
  ],
};

const transfer = {
  amount: 120_000n,
  currency: 'USD',
  holder: 'Grace Hopper',
  bank: 'Deutsche Bank',
};
const funding = {
  requestId: 12n,
  type: 'USDT',
  claimed: 50_000n,
  received: 50_000n,
  currency: 'USD',
  decidedOn: '2026-11-21',
};

/** Sample data of every notification kind (a kind without one does not compile). */
const NOTICE_SAMPLES: { [K in NoticeKind]: NoticeData<K>[] } = {
  'bank.message': [{ title: 'About your account', body: 'Your new card is on its way.' }],
  'signin.new_device': [{ device: 'Chrome on Windows' }],
  'profile.changed': [{ changed: ['phone', 'home address'] }],
  'password.changed': [{}],
  'email.changed': [{ email: 'ada.new@example.com' }],
  'security.password_checks_paused': [{ tries: 5 }],
  'passkey.added': [{ name: 'My phone' }],
  'passkey.removed': [{ name: 'My phone' }],
  'security.second_factor_on': [{ method: 'passkey' }, { method: 'authenticator' }],
  'security.second_factor_off': [{}],
  'security.recovery_code_used': [{ left: 9 }, { left: 1 }, { left: 0 }],
  'pin.created': [{}],
  'pin.locked': [{ minutes: 30 }],
  'pin.changed': [{}],
  'pin.reset': [{}],
  'funding.received': [{ kind: 'deposit', amount: 50_000n, currency: 'USD', type: 'USDT' }],
  'funding.confirmed': [
    { ...funding, kind: 'deposit', subject: null },
    { ...funding, kind: 'payment', subject: 'Account maintenance' },
    { ...funding, kind: 'payment', subject: null, received: 45_000n },
    { ...funding, kind: 'fixed_deposit', subject: 'Gold 12 months' },
    { ...funding, kind: 'fixed_deposit', subject: null },
    { ...funding, kind: 'upgrade', subject: 'Premium' },
    { ...funding, kind: 'upgrade', subject: null },
  ],
  'funding.declined': [
    { kind: 'upgrade', claimed: 50_000n, currency: 'USD', reason: 'No payment arrived' },
    { kind: 'deposit', claimed: 50_000n, currency: 'USD', reason: 'The proof was unreadable.' },
  ],
  'fixed_deposit.opened': [
    {
      principal: 1_000_000n,
      currency: 'USD',
      plan: 'Gold 12 months',
      rateBp: 525,
      startDate: '2026-11-21',
      maturityDate: '2027-11-21',
      interest: 52_500n,
      total: 1_052_500n,
    },
  ],
  'fixed_deposit.matured': [
    {
      plan: 'Gold 12 months',
      principal: 1_000_000n,
      interest: 52_500n,
      total: 1_052_500n,
      currency: 'USD',
    },
  ],
  'transfer.code_locked': [
    { maxAttempts: 5, tooManyTries: 'Too many wrong codes. Send a new code to try again.' },
  ],
  'transfer.sent': [{ ...transfer, received: 118_000n, fee: 2_000n, bankName: 'Cedar Bank' }],
  'transfer.submitted': [{ ...transfer, received: 118_000n, fee: 2_000n }],
  'transfer.received': [
    { from: 'Grace Hopper', received: 118_000n, currency: 'USD', bankName: 'Cedar Bank' },
  ],
  'transfer.successful': [{ ...transfer, received: 118_000n, reference: 'DB-2026-1121-7' }],
  'transfer.failed': [
    { ...transfer, reason: 'The account number does not exist at the receiving bank' },
    { ...transfer, reason: 'Returned by the receiving bank.' },
  ],
  'transfer.cancelled': [{ ...transfer }],
  'funding.paid_from_balance': [
    {
      kind: 'upgrade',
      requestId: 41n,
      subject: 'Premium',
      amount: 50_000n,
      currency: 'USD',
      paidOn: '2026-11-21',
    },
    {
      kind: 'payment',
      requestId: 42n,
      subject: 'Card replacement',
      amount: 2_500n,
      currency: 'USD',
      paidOn: '2026-11-21',
    },
  ],
  'ledger.adjusted': [
    {
      direction: 'credit',
      amount: 5_000n,
      balance: 105_000n,
      currency: 'USD',
      reference: 'ADJ-12',
    },
    {
      direction: 'debit',
      amount: 5_000n,
      balance: 95_000n,
      currency: 'USD',
      reference: 'ADJ-13',
    },
  ],
  'account.frozen': [
    { scope: 'debits', told: 'customer_request' },
    { scope: 'credits', told: 'kyc_refresh' },
    { scope: 'both', told: null },
  ],
  'account.unfrozen': [{}],
  'account.restriction_lifted': [{}],
  'account.signed_out': [{}],
  'pin.unlocked': [{}],
};

/** The slips a proofreader looks for in what a customer reads. */
export function slipsIn(text: string): string[] {
  const slips: string[] = [];
  const look = (pattern: RegExp, what: string) => {
    for (const match of text.matchAll(pattern)) slips.push(`${what}: "${match[0]}"`);
  };
  look(/undefined|NaN|\[object \w+\]|\bnull\b/g, 'a value that is not there');
  // "only:$1,200.00": no space after a colon (times such as 15:04 and links aside).
  look(/\S:(?!\/\/|\d|\s|$)\S/gm, 'no space after a colon');
  look(/[^\s.]\s+[,.;:!?](?=\s|$)/gm, 'a space before punctuation');
  look(/[a-z][.!?;,][A-Z][a-z]/g, 'no space after punctuation');
  look(/\S {2,}\S/g, 'two spaces');
  look(/(?<!\.)\.\.(?!\.)|,,|;;|[.,;:][,;:]/g, 'doubled punctuation');
  look(/\(\s|\s\)/g, 'a space inside brackets');
  // Dates in the one style (day/month/year), never a machine's.
  look(
    /\b\d{4}-\d{2}-\d{2}\b|\bGMT\b|\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d/g,
    'a date not as 21/11/2026',
  );
  // Money as the app shows it: the currency sign, thousands grouped, two decimals.
  look(/\$(?!\d{1,3}(,\d{3})*\.\d{2}(?!\d))\S*/g, 'money not written as $1,234.56');
  return slips;
}

async function templates(): Promise<{ name: string; render: () => Promise<EmailMessage> }[]> {
  const modules = readdirSync(new URL('.', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter((name) => readdirSync(new URL(`./${name}/`, import.meta.url)).includes('emails.tsx'));
  const found = [];
  for (const module of modules) {
    const exports = (await import(`./${module}/emails.tsx`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      if (typeof value !== 'function') continue;
      const key = `${module}/${name}`;
      found.push({
        name: key,
        render: () => {
          const sample = TEMPLATE_SAMPLES[key];
          if (!sample) throw new Error(`${key}: add its sample arguments to TEMPLATE_SAMPLES`);
          return (value as (...args: unknown[]) => Promise<EmailMessage>)(...sample);
        },
      });
    }
  }
  return found;
}

function noticeEmails() {
  return (Object.keys(NOTICE_SAMPLES) as NoticeKind[]).flatMap((kind) =>
    (NOTICE_SAMPLES[kind] as unknown[]).map((data, i) => ({
      name: `${kind} #${i + 1}`,
      render: () => {
        const spec = NOTICES[kind];
        const { title, body } = spec.render(spec.data.parse(data) as never);
        return notificationEmail(TO, 'Ada', title, body);
      },
    })),
  );
}

describe('the proofreader', () => {
  it('finds the slips it looks for', () => {
    expect(slipsIn('for this transfer only:$1,200.00 to')).toEqual([
      'no space after a colon: "y:$"',
    ]);
    expect(slipsIn('on the  plan')).toEqual(['two spaces: "e  p"']);
    expect(slipsIn('Your plan is undefined .')).toEqual([
      'a value that is not there: "undefined"',
      'a space before punctuation: "d ."',
    ]);
    expect(slipsIn('It arrived.We sent $12 and $1200.00,, and $1,200.5')).toEqual([
      'no space after punctuation: "d.We"',
      'doubled punctuation: ",,"',
      'money not written as $1,234.56: "$12"',
      'money not written as $1,234.56: "$1200.00,,"',
      'money not written as $1,234.56: "$1,200.5"',
    ]);
    expect(slipsIn('On Sat, 21 Nov 2026 15:04:00 GMT and 2026-11-21')).toEqual([
      'a date not as 21/11/2026: "Sat, 2"',
      'a date not as 21/11/2026: "GMT"',
      'a date not as 21/11/2026: "2026-11-21"',
    ]);
    expect(slipsIn('At 21/11/2026, 15:04 UTC on https://bank.example: $1,200.00 (sent).')).toEqual(
      [],
    );
  });
});

describe('every email, proofread', () => {
  it('has a sample for every template of every module', async () => {
    const names = (await templates()).map((t) => t.name);
    expect(names.filter((name) => !(name in TEMPLATE_SAMPLES))).toEqual([]);
    expect(Object.keys(TEMPLATE_SAMPLES).filter((name) => !names.includes(name))).toEqual([]);
    expect(Object.keys(NOTICE_SAMPLES).sort()).toEqual(Object.keys(NOTICES).sort());
  });

  it('reads without slips in the app either: each notification as the bell lists it', () => {
    const found: string[] = [];
    for (const kind of Object.keys(NOTICE_SAMPLES) as NoticeKind[]) {
      for (const data of NOTICE_SAMPLES[kind] as unknown[]) {
        const spec = NOTICES[kind];
        const { title, body } = spec.render(spec.data.parse(data) as never);
        for (const slip of [...slipsIn(title), ...slipsIn(body)]) found.push(`${kind}: ${slip}`);
        if (!/[.!?]$/.test(body)) found.push(`${kind}: no full stop at the end: "${body}"`);
      }
    }
    expect(found).toEqual([]);
  });

  it('reads without slips: subject and body of each template and notification', async () => {
    const all = [...(await templates()), ...noticeEmails()];
    const found: string[] = [];
    for (const email of all) {
      const message = await email.render();
      if (process.env.PRINT_EMAILS)
        console.warn(`=== ${email.name}\n${message.subject}\n${message.text}`);
      for (const slip of [...slipsIn(message.subject), ...slipsIn(message.text)]) {
        found.push(`${email.name}: ${slip}`);
      }
      expect(message.text, email.name).toContain('Hello Ada,');
    }
    expect(found).toEqual([]);
  });
});
