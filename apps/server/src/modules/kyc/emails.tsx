import { BANK_NAME, EmailLayout, P, renderEmail } from '../../platform/mail/index.js';

export function kycApprovedEmail(to: string, firstName: string, accountNumber: string) {
  return renderEmail(
    to,
    `Your ${BANK_NAME} account is open`,
    <EmailLayout preview="Your account is open" heading="Welcome to your account">
      <P>Hello {firstName},</P>
      <P>Your identity check is approved and your current account is open.</P>
      <P>Account number: {accountNumber}</P>
      <P>Sign in to start using it.</P>
    </EmailLayout>,
  );
}

export function kycDeclinedEmail(to: string, firstName: string, reason: string) {
  return renderEmail(
    to,
    `Your ${BANK_NAME} identity check needs another look`,
    <EmailLayout
      preview="Your identity check needs another look"
      heading="Please send your documents again"
    >
      <P>Hello {firstName},</P>
      <P>We could not approve your identity documents.</P>
      <P>Reason: {/[.!?]$/.test(reason) ? reason : `${reason}.`}</P>
      <P>Sign in to send them again.</P>
    </EmailLayout>,
  );
}
