import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../errors.js';
import type { MailboxEntry, StoredEmail } from './types.js';

/**
 * The local mailbox: without SMTP_URL, each email is saved as one JSON file under
 * `<DATA_DIR>/mailbox/` (folder 0700, files 0600), named by the time it was written, so that a
 * developer can read it at /dev/mailbox and tests can read it from disk.
 *
 * An id is the file name without `.json`: the ISO time with `:` and `.` made `-`, and 16 random
 * hex digits, e.g. `2026-01-31T09-15-02-123Z-9f86d081884c7d65`. It sorts by time, and it is
 * checked against this pattern before it ever reaches a file path.
 */
export const MAILBOX_ID_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{16}$/;

export function mailboxDir(dataDir: string): string {
  return path.join(dataDir, 'mailbox');
}

export function isMailboxId(id: string): boolean {
  return MAILBOX_ID_PATTERN.test(id);
}

/** The last time handed out: ids from this process go strictly up, even within a millisecond. */
let lastMs = 0;

function newId(): { id: string; createdAt: string } {
  const ms = Math.max(Date.now(), lastMs + 1);
  lastMs = ms;
  const createdAt = new Date(ms).toISOString();
  return { id: `${createdAt.replace(/[:.]/g, '-')}-${randomBytes(8).toString('hex')}`, createdAt };
}

/** Saves one message; written to a temporary name first, so no reader sees half a file. */
export async function writeMailboxMessage(
  dataDir: string,
  message: Omit<StoredEmail, 'id' | 'createdAt'>,
): Promise<StoredEmail> {
  const dir = mailboxDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  const { id, createdAt } = newId();
  const stored: StoredEmail = {
    id,
    to: message.to,
    from: message.from,
    subject: message.subject,
    text: message.text,
    html: message.html,
    createdAt,
  };
  const temporary = path.join(dir, `.${id}.tmp`);
  await writeFile(temporary, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  await rename(temporary, path.join(dir, `${id}.json`));
  return stored;
}

/** Message ids, newest first. */
async function idsNewestFirst(dataDir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(mailboxDir(dataDir));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .filter(isMailboxId)
    .sort()
    .reverse();
}

/** A file that is missing or not a message reads as undefined. */
async function load(dataDir: string, id: string): Promise<StoredEmail | undefined> {
  let raw: string;
  try {
    raw = await readFile(path.join(mailboxDir(dataDir), `${id}.json`), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    const fields = ['to', 'from', 'subject', 'text', 'html', 'createdAt'] as const;
    if (!fields.every((field) => typeof value[field] === 'string')) return undefined;
    const v = value as Record<(typeof fields)[number], string>;
    return {
      id,
      to: v.to,
      from: v.from,
      subject: v.subject,
      text: v.text,
      html: v.html,
      createdAt: v.createdAt,
    };
  } catch {
    return undefined;
  }
}

/** The newest messages first (at most `limit`, default 100), without their bodies. */
export async function listMailbox(
  dataDir: string,
  options: { limit?: number } = {},
): Promise<MailboxEntry[]> {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 100), 1), 1000);
  const ids = (await idsNewestFirst(dataDir)).slice(0, limit);
  const messages = await Promise.all(ids.map((id) => load(dataDir, id)));
  return messages
    .filter((m): m is StoredEmail => m !== undefined)
    .map(({ id, to, subject, createdAt }) => ({ id, to, subject, createdAt }));
}

/**
 * One message, or undefined when there is none with that id. An id that is not of the mailbox's
 * form (a path, `../x`, anything else) is refused with AppError BAD_REQUEST before any file
 * access.
 */
export async function readMailboxMessage(
  dataDir: string,
  id: string,
): Promise<StoredEmail | undefined> {
  if (!isMailboxId(id)) throw new AppError('BAD_REQUEST', 'That is not a mailbox message id.');
  return load(dataDir, id);
}

/** The newest message to this address (compared case-insensitively), for tests and e2e. */
export async function latestMessageTo(
  dataDir: string,
  email: string,
): Promise<StoredEmail | undefined> {
  const wanted = email.trim().toLowerCase();
  for (const id of await idsNewestFirst(dataDir)) {
    const message = await load(dataDir, id);
    if (message?.to.toLowerCase() === wanted) return message;
  }
  return undefined;
}
