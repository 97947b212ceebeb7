import { formatUtcDayTime } from '@bank/contract';
import { BANK_NAME, EmailLayout, P, renderEmail } from '../../platform/mail/index.js';

/** To the person whose account gained a passkey: what, when, and what to do if it was not them. */
export function passkeyAddedEmail(to: string, firstName: string, name: string, when: Date) {
  return renderEmail(
    to,
    `A passkey was added to your ${BANK_NAME} account`,
    <EmailLayout preview="A passkey was added to your account" heading="Passkey added">
      <P>Hello {firstName},</P>
      <P>
        On {formatUtcDayTime(when)}, a passkey named “{name}” was added to your account. It can now
        sign you in and approve your transfers, with the fingerprint, face or screen lock of the
        device that keeps it.
      </P>
      <P>
        If this was not you, sign in, remove the passkey in Settings and change your password at
        once, then contact us.
      </P>
    </EmailLayout>,
  );
}

/** To the person whose account lost a passkey. */
export function passkeyRemovedEmail(to: string, firstName: string, name: string, when: Date) {
  return renderEmail(
    to,
    `A passkey was removed from your ${BANK_NAME} account`,
    <EmailLayout preview="A passkey was removed from your account" heading="Passkey removed">
      <P>Hello {firstName},</P>
      <P>
        On {formatUtcDayTime(when)}, the passkey named “{name}” was removed from your account. It no
        longer signs you in or approves transfers.
      </P>
      <P>If this was not you, change your password at once and contact us.</P>
    </EmailLayout>,
  );
}
