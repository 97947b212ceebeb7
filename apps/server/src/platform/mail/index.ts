export { enqueueEmail } from './enqueue.js';
export { BANK_NAME, emailHtml } from './layout.js';
export {
  MAILBOX_ID_PATTERN,
  isMailboxId,
  latestMessageTo,
  listMailbox,
  mailboxDir,
  readMailboxMessage,
} from './mailbox.js';
export {
  retryDelayMs,
  startOutboxWorker,
  type OutboxWorker,
  type OutboxWorkerOptions,
} from './outbox-worker.js';
export { MailSendError, createMailTransport, type MailTransportOptions } from './transport.js';
export type {
  EmailMessage,
  MailLogger,
  MailTransport,
  MailboxEntry,
  StoredEmail,
} from './types.js';
export { checkEmailMessage } from './validate.js';
