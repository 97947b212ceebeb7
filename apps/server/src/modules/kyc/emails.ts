import { escapeHtml } from '../../platform/html.js';

const BANK = 'Cedar Bank';

function html(paragraphs: string[]): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">${paragraphs
    .map((p) => `<p>${p}</p>`)
    .join('')}<p>${BANK}</p></body></html>`;
}

export function kycApprovedEmail(to: string, firstName: string, accountNumber: string) {
  return {
    to,
    subject: `Your ${BANK} account is open`,
    text: `Hello ${firstName},\n\nYour identity check is approved and your current account is open.\nAccount number: ${accountNumber}\n\nSign in to start using it.\n\n${BANK}`,
    html: html([
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
    html: html([
      `Hello ${escapeHtml(firstName)},`,
      `We could not approve your identity documents.<br>Reason: ${escapeHtml(reason)}`,
      'Sign in to send them again.',
    ]),
    devHint: 'KYC declined',
  };
}
