import nodemailer from 'nodemailer';
import { writeMailboxMessage } from './mailbox.js';
import { safeErrorText } from '../safe-error.js';
import type { EmailMessage, MailLogger, MailTransport } from './types.js';
import { checkEmailMessage } from './validate.js';

export interface MailTransportOptions {
  /** SMTP_URL, e.g. smtps://user:pass@smtp.example.com or smtp://host:587; unset: local mailbox. */
  smtpUrl?: string | undefined;
  /** MAIL_FROM, e.g. `"Cedar Bank" <no-reply@bank.example>`. */
  from: string;
  /** DATA_DIR: the local mailbox is its `mailbox/` folder. */
  dataDir: string;
  logger: MailLogger;
}

/** A send that failed; the message is safe to store and log (see safeErrorText). */
export class MailSendError extends Error {
  override name = 'MailSendError';
}

/**
 * Where email goes. With an SMTP URL: that server, through nodemailer, with a text and an HTML
 * body. Without: the local mailbox under the data folder (development), readable at
 * /dev/mailbox from this machine only. Neither ever logs a body, a code or an address: one log
 * line says that a message went, by its id.
 */
export function createMailTransport(options: MailTransportOptions): MailTransport {
  return options.smtpUrl
    ? smtpTransport({ ...options, smtpUrl: options.smtpUrl })
    : mailbox(options);
}

function smtpTransport(options: MailTransportOptions & { smtpUrl: string }): MailTransport {
  const { smtpUrl, from, logger } = options;
  const mailer = nodemailer.createTransport(
    {
      url: smtpUrl,
      // A dead server fails a send in seconds, not minutes; the email job retries it later.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
      dnsTimeout: 10_000,
      // Our messages are strings; nothing in them may make nodemailer read a file or fetch a URL.
      disableFileAccess: true,
      disableUrlAccess: true,
    },
    { from },
  );
  const secrets = urlSecrets(smtpUrl);
  return {
    kind: 'smtp',
    async send(message, sendOptions = {}) {
      const { to, subject, text, html } = checkEmailMessage(message);
      let info;
      try {
        info = await mailer.sendMail({
          to,
          subject,
          text,
          ...(html ? { html } : {}),
          ...(sendOptions.signal ? { signal: sendOptions.signal } : {}),
        });
      } catch (error) {
        throw new MailSendError(safeErrorText(error, secrets));
      }
      // Never a body or an address here: a body may hold a code.
      logger.info({ messageId: info.messageId }, 'email sent');
    },
    close() {
      mailer.close();
    },
  };
}

function mailbox(options: MailTransportOptions): MailTransport {
  const { dataDir, from, logger } = options;
  return {
    kind: 'mailbox',
    async send(message: EmailMessage) {
      const { to, subject, text, html } = checkEmailMessage(message);
      let stored;
      try {
        stored = await writeMailboxMessage(dataDir, { to, from, subject, text, html });
      } catch (error) {
        throw new MailSendError(safeErrorText(error));
      }
      logger.info(
        { mailboxId: stored.id },
        'email saved to the local mailbox (development: not sent)',
      );
    },
    close() {},
  };
}

/** The password in an SMTP URL, as written and decoded, to blank out of error messages. */
function urlSecrets(smtpUrl: string): string[] {
  try {
    const { password } = new URL(smtpUrl);
    return password ? [password, decodeURIComponent(password)] : [];
  } catch {
    return [];
  }
}
