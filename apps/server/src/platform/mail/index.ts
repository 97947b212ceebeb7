export { BANK_NAME, CodeBlock, EmailLayout, P, renderEmail } from './layout.js';
export { emailJob } from './email-job.js';
export {
  MAILBOX_ID_PATTERN,
  isMailboxId,
  latestMessageTo,
  listMailbox,
  mailboxDir,
  readMailboxMessage,
} from './mailbox.js';
export {
  EMAIL_JOB,
  createMailer,
  openEmail,
  queuedEmailSchema,
  sealEmail,
  type Mailer,
  type QueuedEmail,
} from './mailer.js';
export { MailSendError, createMailTransport, type MailTransportOptions } from './transport.js';
export type {
  EmailMessage,
  MailLogger,
  MailTransport,
  MailboxEntry,
  StoredEmail,
} from './types.js';
export { checkEmailMessage } from './validate.js';
