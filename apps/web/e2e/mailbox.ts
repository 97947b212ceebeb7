import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The newest email to an address in the server's local mailbox (DATA_DIR/mailbox), waiting up
 * to `timeoutMs` for the outbox worker to deliver it: how a person reads their inbox. With
 * `read`, messages already read are passed over (the one returned joins them): the next code
 * is waited for, not an earlier one taken for it.
 */
export async function waitForMail(
  dataDir: string,
  to: string,
  match: RegExp,
  timeoutMs = 15_000,
  read?: Set<string>,
): Promise<{ subject: string; text: string }> {
  const dir = path.join(dataDir, 'mailbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // Only delivered messages: the server writes each one to a hidden temporary file first.
    const names = (await readdir(dir).catch(() => [] as string[]))
      .filter((name) => name.endsWith('.json') && !read?.has(name))
      .sort()
      .reverse();
    for (const name of names) {
      const mail = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as {
        to: string;
        subject: string;
        text: string;
      };
      if (mail.to.toLowerCase() === to.toLowerCase() && match.test(mail.text)) {
        read?.add(name);
        return mail;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no email to ${to} matching ${match} within ${timeoutMs} ms`);
}
