import { EMAIL_CODE_TTL_MS } from '@bank/contract';
import { BANK_NAME, CodeBlock, EmailLayout, P, renderEmail } from '../../platform/mail/index.js';

export function emailChangeCodeEmail(to: string, firstName: string, code: string) {
  return renderEmail(
    to,
    `Confirm your new ${BANK_NAME} email address`,
    <EmailLayout preview="Confirm your new email address" heading="Confirm your new address">
      <P>Hello {firstName},</P>
      <P>
        To use this address for your {BANK_NAME} account, enter this code in Settings. It works
        once, for {EMAIL_CODE_TTL_MS / 60_000} minutes.
      </P>
      <CodeBlock code={code} />
      <P>If you did not ask for this, ignore this email: nothing changes without the code.</P>
    </EmailLayout>,
  );
}

export function emailChangedNoticeEmail(
  to: string,
  firstName: string,
  newEmail: string,
  when: Date,
) {
  return renderEmail(
    to,
    `Your ${BANK_NAME} email address was changed`,
    <EmailLayout preview="Your email address was changed" heading="Email address changed">
      <P>Hello {firstName},</P>
      <P>
        On {when.toUTCString()} the email address of your account was changed to {newEmail}. Emails
        from us will go there from now on.
      </P>
      <P>If this was not you, contact us at once: someone may be using your account.</P>
    </EmailLayout>,
  );
}
