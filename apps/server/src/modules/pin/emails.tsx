import { EMAIL_CODE_TTL_MS } from '@bank/contract';
import { BANK_NAME, CodeBlock, EmailLayout, P, renderEmail } from '../../platform/mail/index.js';

export function pinResetCodeEmail(to: string, firstName: string, code: string) {
  return renderEmail(
    to,
    `Your ${BANK_NAME} PIN reset code`,
    <EmailLayout preview="Your PIN reset code" heading="Reset your transaction PIN">
      <P>Hello {firstName},</P>
      <P>
        Your code to set a new transaction PIN is {code}. It works once, for{' '}
        {EMAIL_CODE_TTL_MS / 60_000} minutes.
      </P>
      <CodeBlock code={code} />
      <P>If you did not ask for this, someone has your password: change it now.</P>
    </EmailLayout>,
  );
}
