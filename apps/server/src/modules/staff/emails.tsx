import { formatUtcDayTime } from '@bank/contract';
import { Link } from '@react-email/components';
import { BANK_NAME, EmailLayout, P, renderEmail } from '../../platform/mail/index.js';

/** The staff emails. Every value is escaped by the layout's React rendering. */

/** "A", "A and B", "A, B and C". */
const listed = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

export function invitationEmail(input: {
  to: string;
  firstName: string;
  inviter: string;
  roles: readonly string[];
  link: string;
  expiresAt: Date;
}) {
  return renderEmail(
    input.to,
    `You are invited to the ${BANK_NAME} back office`,
    <EmailLayout preview="Set your password to join the staff" heading="Join the back office">
      <P>Hello {input.firstName},</P>
      <P>
        {input.inviter} invited you to work in the {BANK_NAME} back office, with{' '}
        {input.roles.length === 1 ? 'the role' : 'the roles'} {listed(input.roles)}. Open this link
        to choose your password:
      </P>
      <P>
        <Link href={input.link}>{input.link}</Link>
      </P>
      <P>
        The link works once, until {formatUtcDayTime(input.expiresAt)}. Then sign in with this email
        address and your password, and set up an authenticator app on your phone: every staff
        sign-in needs its code.
      </P>
      <P>If you did not expect this invitation, ignore this email: nothing happens without it.</P>
    </EmailLayout>,
  );
}

export function secondFactorResetEmail(to: string, firstName: string, when: Date) {
  return renderEmail(
    to,
    `Your ${BANK_NAME} authenticator app was reset`,
    <EmailLayout preview="Set up your authenticator app again" heading="Second factor reset">
      <P>Hello {firstName},</P>
      <P>
        On {formatUtcDayTime(when)}, two administrators reset your second factor: your authenticator
        app and your recovery codes no longer work, and you were signed out everywhere. At your next
        sign-in you will set up the app again.
      </P>
      <P>If you did not ask for this, tell your security team at once.</P>
    </EmailLayout>,
  );
}
