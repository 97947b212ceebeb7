import { EMAIL_CODE_TTL_MS } from '@bank/contract';
import { escapeHtml } from '../../platform/html.js';
import { BANK_NAME, emailHtml } from '../../platform/mail/layout.js';

/** The auth emails, plain text and HTML. Names are escaped; codes appear only here. */

const BANK = BANK_NAME;
const minutes = EMAIL_CODE_TTL_MS / 60_000;

export function verificationEmail(to: string, firstName: string, code: string) {
  return {
    to,
    subject: `Your ${BANK} verification code`,
    text: `Hello ${firstName},\n\nYour verification code is ${code}. It works once, for ${minutes} minutes.\n\nIf you did not sign up, ignore this email: nothing happens without the code.\n\n${BANK}`,
    html: emailHtml([
      `Hello ${escapeHtml(firstName)},`,
      `Your verification code is <strong style="font-size:1.4em;letter-spacing:.2em">${code}</strong>. It works once, for ${minutes} minutes.`,
      'If you did not sign up, ignore this email: nothing happens without the code.',
    ]),
    devHint: `verification code ${code}`,
  };
}

export function alreadyRegisteredEmail(to: string, firstName: string) {
  return {
    to,
    subject: `Someone tried to sign up to ${BANK} with your email`,
    text: `Hello ${firstName},\n\nSomeone tried to open a ${BANK} account with this email address, which already has an account. If it was you, sign in, or reset your password if you forgot it. If it was not you, you need do nothing.\n\n${BANK}`,
    html: emailHtml([
      `Hello ${escapeHtml(firstName)},`,
      `Someone tried to open a ${BANK} account with this email address, which already has an account. If it was you, sign in, or reset your password if you forgot it. If it was not you, you need do nothing.`,
    ]),
    devHint: 'sign-up attempt with an existing email',
  };
}

export function newDeviceEmail(
  to: string,
  firstName: string,
  when: Date,
  device: { ip: string; userAgent: string },
) {
  const at = when.toUTCString();
  return {
    to,
    subject: `New sign-in to your ${BANK} account`,
    text: `Hello ${firstName},\n\nYour account was signed in to from a new device on ${at}.\nAddress: ${device.ip}\nBrowser: ${device.userAgent}\n\nIf this was you, nothing to do. If not, reset your password now and contact support.\n\n${BANK}`,
    html: emailHtml([
      `Hello ${escapeHtml(firstName)},`,
      `Your account was signed in to from a new device on ${escapeHtml(at)}.<br>Address: ${escapeHtml(device.ip)}<br>Browser: ${escapeHtml(device.userAgent)}`,
      'If this was you, nothing to do. If not, reset your password now and contact support.',
    ]),
    devHint: 'new device sign-in alert',
  };
}

export function passwordResetEmail(to: string, firstName: string, code: string, link: string) {
  return {
    to,
    subject: `Reset your ${BANK} password`,
    text: `Hello ${firstName},\n\nYour password reset code is ${code}. It works once, for ${minutes} minutes.\nOr open this link: ${link}\n\nIf you did not ask to reset your password, ignore this email: your password stays as it is.\n\n${BANK}`,
    html: emailHtml([
      `Hello ${escapeHtml(firstName)},`,
      `Your password reset code is <strong style="font-size:1.4em;letter-spacing:.2em">${code}</strong>. It works once, for ${minutes} minutes.`,
      `Or open this link: <a href="${escapeHtml(link)}">reset my password</a>.`,
      'If you did not ask to reset your password, ignore this email: your password stays as it is.',
    ]),
    devHint: `password reset code ${code}`,
  };
}

export function passwordChangedEmail(to: string, firstName: string, when: Date) {
  const at = when.toUTCString();
  return {
    to,
    subject: `Your ${BANK} password was changed`,
    text: `Hello ${firstName},\n\nYour password was reset on ${at}, and every device was signed out.\n\nIf this was not you, contact support at once.\n\n${BANK}`,
    html: emailHtml([
      `Hello ${escapeHtml(firstName)},`,
      `Your password was reset on ${escapeHtml(at)}, and every device was signed out.`,
      'If this was not you, contact support at once.',
    ]),
    devHint: 'password changed notice',
  };
}
