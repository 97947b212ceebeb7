import { EMAIL_CODE_TTL_MS, formatMoney } from '@bank/contract';
import { BANK_NAME, CodeBlock, EmailLayout, P, renderEmail } from '../../platform/mail/index.js';

/** The transfer authorization code, with the transfer it authorizes: read it before using it. */
export function transferCodeEmail(
  to: string,
  firstName: string,
  code: string,
  transfer: {
    amount: bigint;
    currency: string;
    holderName: string;
    bank: string;
    /** Where the money goes, as the code is bound to it: "account ••3000 at DEUTDEFF". */
    destination: string;
  },
) {
  const amount = formatMoney(transfer.amount, transfer.currency);
  return renderEmail(
    to,
    `Your ${BANK_NAME} transfer authorization code`,
    <EmailLayout preview="Your transfer authorization code" heading="Authorize your transfer">
      <P>Hello {firstName},</P>
      <P>
        Your code to authorize the transfer of {amount} to {transfer.holderName} ({transfer.bank})
        is {code}. It works once, for {EMAIL_CODE_TTL_MS / 60_000} minutes, and only for this
        transfer: {amount} to {transfer.destination}.
      </P>
      <CodeBlock code={code} />
      <P>
        Check the account number before you use the code. {BANK_NAME} staff will never ask you for
        it. If you did not start this transfer, do not use the code: change your password and PIN
        now.
      </P>
    </EmailLayout>,
  );
}
