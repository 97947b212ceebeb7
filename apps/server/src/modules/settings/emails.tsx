import { EMAIL_CODE_TTL_MS, formatUtcDayTime } from '@bank/contract';
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
        On {formatUtcDayTime(when)}, the email address of your account was changed to {newEmail}.
        Emails from us will go there from now on.
      </P>
      <P>If this was not you, contact us at once: someone may be using your account.</P>
    </EmailLayout>,
  );
}

/**
 * To the owner of an address a customer tried to move their account to: no code, nothing to
 * do, and nothing about who tried (the customer asking is told nothing either way).
 */
export function emailInUseNoticeEmail(to: string, firstName: string) {
  return renderEmail(
    to,
    `Someone tried to use your email address at ${BANK_NAME}`,
    <EmailLayout preview="Someone tried to use your email address" heading="Your address is yours">
      <P>Hello {firstName},</P>
      <P>
        Someone asked to move another {BANK_NAME} account to this email address, which already
        belongs to your account. We did not do it, and your account is unchanged: an address belongs
        to one account only.
      </P>
      <P>
        There is nothing you need to do. If you are worried someone is using your account, change
        your password.
      </P>
    </EmailLayout>,
  );
}
