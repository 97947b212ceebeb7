import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  parsed: ParsedMail;
}

/**
 * A real SMTP server on 127.0.0.1 and a random port, for the tests: plain text (no TLS, STARTTLS
 * not offered), no authentication unless `auth` is given. It can refuse messages (`refuse`) and
 * be stopped and started again on the same port.
 */
export interface TestSmtpServer {
  readonly port: number;
  /** An SMTP_URL for this server. */
  readonly url: string;
  readonly received: ReceivedMail[];
  /** When set, every message is answered with this error (451: try again later). */
  refuse: string | undefined;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startSmtpServer(
  options: { auth?: { user: string; pass: string } } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let port = 0;

  const create = () =>
    new SMTPServer({
      secure: false,
      disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      authOptional: !options.auth,
      allowInsecureAuth: true,
      logger: false,
      closeTimeout: 1_000,
      disableReverseLookup: true,
      onAuth(auth, _session, callback) {
        if (auth.username === options.auth?.user && auth.password === options.auth?.pass) {
          callback(null, { user: auth.username });
        } else {
          callback(Object.assign(new Error('Authentication failed'), { responseCode: 535 }));
        }
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (handle.refuse) {
            callback(Object.assign(new Error(handle.refuse), { responseCode: 451 }));
            return;
          }
          simpleParser(Buffer.concat(chunks)).then(
            (parsed) => {
              received.push({
                envelopeTo: session.envelope.rcptTo.map((r) => r.address),
                parsed,
              });
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });

  const handle: TestSmtpServer = {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}/?ignoreTLS=true`;
    },
    received,
    refuse: undefined,
    async start() {
      const next = create();
      await new Promise<void>((resolve, reject) => {
        next.server.once('error', reject);
        next.listen(port, '127.0.0.1', () => resolve());
      });
      port = (next.server.address() as AddressInfo).port;
      server = next;
    },
    async stop() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
  await handle.start();
  return handle;
}

export interface LogCall {
  level: 'info' | 'warn' | 'error';
  obj: object;
  msg: string;
}

/** A MailLogger that remembers every call. */
export function captureLogger() {
  const calls: LogCall[] = [];
  const at = (level: LogCall['level']) => (obj: object, msg: string) => {
    calls.push({ level, obj, msg });
  };
  return { calls, logger: { info: at('info'), warn: at('warn'), error: at('error') } };
}

export const MAIL_FROM = '"Cedar Bank" <no-reply@bank.example>';

/** The value, failing the test when it is missing. */
export function present<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`expected a ${what}`);
  return value;
}
