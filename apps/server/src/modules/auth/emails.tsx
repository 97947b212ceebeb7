import { EMAIL_CODE_TTL_MS, formatUtcDayTime } from '@bank/contract';
import { Link } from '@react-email/components';
import { BANK_NAME, CodeBlock, EmailLayout, P, renderEmail } from '../../platform/mail/index.js';

/** The sign-in and identity emails. Every value is escaped by the layout's React rendering. */

const minutes = EMAIL_CODE_TTL_MS / 60_000;

export function verificationEmail(to: string, firstName: string, code: string) {
  return renderEmail(
    to,
    `Your ${BANK_NAME} verification code`,
    <EmailLayout preview="Your verification code" heading="Verify your email">
      <P>Hello {firstName},</P>
      <P>
        Your verification code is {code}. It works once, for {minutes} minutes.
      </P>
      <CodeBlock code={code} />
      <P>If you did not sign up, ignore this email: nothing happens without the code.</P>
    </EmailLayout>,
  );
}

export function signinCodeEmail(to: string, firstName: string, code: string) {
  return renderEmail(
    to,
    `Your ${BANK_NAME} sign-in code`,
    <EmailLayout preview="Your sign-in code" heading="Finish signing in">
      <P>Hello {firstName},</P>
      <P>
        After several unsuccessful attempts, signing in to your account needs this code as well as
        your password. Your sign-in code is {code}. It works once, for {minutes} minutes.
      </P>
      <CodeBlock code={code} />
      <P>
        If you are not trying to sign in, someone knows your password: reset it now from the sign-in
        page.
      </P>
    </EmailLayout>,
  );
}

export function signinThrottledEmail(to: string, firstName: string) {
  return renderEmail(
    to,
    `Unsuccessful sign-in attempts on your ${BANK_NAME} account`,
    <EmailLayout preview="Unsuccessful sign-in attempts" heading="Several wrong passwords">
      <P>Hello {firstName},</P>
      <P>
        Someone entered a wrong password for your account several times. To protect it, the next
        sign-in will need a code that we email to you, as well as your password.
      </P>
      <P>If this was you, there is nothing else to do. If not, consider changing your password.</P>
    </EmailLayout>,
  );
}

export function alreadyRegisteredEmail(to: string, firstName: string) {
  return renderEmail(
    to,
    `Someone tried to sign up to ${BANK_NAME} with your email`,
    <EmailLayout preview="A sign-up with your email address" heading="You already have an account">
      <P>Hello {firstName},</P>
      <P>
        Someone tried to open a {BANK_NAME} account with this email address, which already has an
        account. If it was you, sign in, or reset your password if you forgot it. If it was not you,
        there is nothing you need to do. We send this notice at most once a day.
      </P>
    </EmailLayout>,
  );
}

export function newDeviceEmail(
  to: string,
  firstName: string,
  when: Date,
  device: { ip: string; userAgent: string },
) {
  return renderEmail(
    to,
    `New sign-in to your ${BANK_NAME} account`,
    <EmailLayout preview="A new sign-in to your account" heading="New sign-in">
      <P>Hello {firstName},</P>
      <P>
        Someone signed in to your account from a new device on {formatUtcDayTime(when)}.
        <br />
        Address: {device.ip}
        <br />
        Browser: {device.userAgent}
      </P>
      <P>
        If this was you, there is nothing to do. If not, reset your password now and contact us
        through Help & Support.
      </P>
    </EmailLayout>,
  );
}

export function passwordResetEmail(to: string, firstName: string, code: string, link: string) {
  return renderEmail(
    to,
    `Reset your ${BANK_NAME} password`,
    <EmailLayout preview="Your password reset code" heading="Reset your password">
      <P>Hello {firstName},</P>
      <P>
        Your password reset code is {code}. It works once, for {minutes} minutes.
      </P>
      <CodeBlock code={code} />
      <P>Or open this link to reset your password:</P>
      <P>
        <Link href={link}>{link}</Link>
      </P>
      <P>
        If you did not ask to reset your password, ignore this email: your password stays as it is.
      </P>
    </EmailLayout>,
  );
}

export function passwordChangedEmail(to: string, firstName: string, when: Date) {
  return renderEmail(
    to,
    `Your ${BANK_NAME} password was changed`,
    <EmailLayout preview="Your password was changed" heading="Password changed">
      <P>Hello {firstName},</P>
      <P>Your password was reset on {formatUtcDayTime(when)}, and every device was signed out.</P>
      <P>If this was not you, contact us at once through Help & Support.</P>
    </EmailLayout>,
  );
}

export function codesPausedEmail(to: string, firstName: string, what: string, until: Date) {
  return renderEmail(
    to,
    `${BANK_NAME}: ${what} codes paused`,
    <EmailLayout preview={`Your ${what} codes are paused`} heading="Too many wrong codes">
      <P>Hello {firstName},</P>
      <P>
        Wrong {what} codes were entered for your account many times today. To protect it, {what}{' '}
        codes are paused until {formatUtcDayTime(until)}.
      </P>
      <P>If this was not you, change your password and contact us through Help & Support.</P>
    </EmailLayout>,
  );
}

export function signupFailedEmail(to: string, firstName: string, username: string) {
  return renderEmail(
    to,
    `Your ${BANK_NAME} sign-up did not go through`,
    <EmailLayout preview="Please sign up again" heading="Please sign up again">
      <P>Hello {firstName},</P>
      <P>
        The username {username} was taken by someone else a moment before your sign-up, so your
        account was not opened. Please sign up again with another username.
      </P>
    </EmailLayout>,
  );
}
