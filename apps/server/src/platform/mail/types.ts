/** One email to one person: both a plain-text and an HTML body. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The part of a pino logger the mail code uses (a Fastify or pino logger fits). */
export interface MailLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MailTransport {
  /** 'smtp' with SMTP_URL; 'mailbox' (files under the data folder) without. */
  readonly kind: 'smtp' | 'mailbox';
  /** Resolves once the message is accepted (by the SMTP server, or written to the mailbox). */
  send(message: EmailMessage, options?: { signal?: AbortSignal }): Promise<void>;
  close(): void;
}

/** A message as kept in the local mailbox: one JSON file per message. */
export interface StoredEmail {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** ISO 8601. */
  createdAt: string;
}

export type MailboxEntry = Pick<StoredEmail, 'id' | 'to' | 'subject' | 'createdAt'>;
