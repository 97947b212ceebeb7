import { escapeHtml } from '../../platform/html.js';
import { BANK_NAME, emailHtml } from '../../platform/mail/layout.js';

const BANK = BANK_NAME;

export function kycApprovedEmail(to: string, firstName: string, accountNumber: string) {
  return {
    to,
    subject: `Your ${BANK} account is open`,
    text: `Hello ${firstName},\n\nYour identity check is approved and your current account is open.\nAccount number: ${accountNumber}\n\nSign in to start using it.\n\n${BANK}`,
    html: emailHtml([
      `Hello ${escapeHtml(firstName)},`,
      `Your identity check is approved and your current account is open.<br>Account number: <strong>${escapeHtml(accountNumber)}</strong>`,
      'Sign in to start using it.',
    ]),
    devHint: `KYC approved, account ${accountNumber}`,
  };
}

export function kycDeclinedEmail(to: string, firstName: string, reason: string) {
  return {
    to,
    subject: `Your ${BANK} identity check needs another look`,
    text: `Hello ${firstName},\n\nWe could not approve your identity documents.\nReason: ${reason}\n\nSign in to send them again.\n\n${BANK}`,
    html: emailHtml([
      `Hello ${escapeHtml(firstName)},`,
      `We could not approve your identity documents.<br>Reason: ${escapeHtml(reason)}`,
      'Sign in to send them again.',
    ]),
    devHint: 'KYC declined',
  };
}
