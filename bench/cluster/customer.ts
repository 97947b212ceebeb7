/**
 * One simulated customer of the harnesses: signs in, reads the dashboard, and sends bank
 * transfers through every step of the server-held flow (decision 19) as the web app does,
 * retrying through crashes: the create with the same Idempotency-Key, every step after a lost
 * answer by reading the transfer's stage back first, the submission again until it answers
 * `done` (a submitted transfer answers `done` again without posting). Every step also carries an
 * Idempotency-Key of its own, which servers that replay keyed POSTs use and others ignore.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PASSWORD, PIN, type Customer } from './seed.js';
import { BENEFICIARY } from '../common.js';
import { sleep, withRetry, type Answer, type GapMeter, type HttpClient } from './http.js';

export interface Acknowledged {
  customer: number;
  key: string;
  id: string;
  amount: bigint;
}

interface TransferView {
  id: string;
  stage: 'draft' | 'confirmed' | 'pin_verified' | 'code_verified' | 'submitted';
  awaitingCode: boolean;
  amount: string;
}

/** Every app server's local mailbox together: the customers' inboxes. */
export class Inbox {
  constructor(readonly dataDirs: string[]) {}

  /**
   * The newest transfer code to `email` delivered after `sinceIso` and not in `tried`, waiting up
   * to `timeoutMs`. An email is written when it is delivered, not when its code was made: after a
   * crash an older code's email can arrive late (or twice), so codes already tried are skipped.
   */
  async transferCode(
    email: string,
    sinceIso: string,
    tried: ReadonlySet<string>,
    timeoutMs: number,
  ): Promise<string | null> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      let best: { at: string; code: string } | null = null;
      for (const dir of this.dataDirs) {
        const box = path.join(dir, 'mailbox');
        const names = await readdir(box).catch(() => [] as string[]);
        for (const name of names.filter((n) => n.endsWith('.json'))) {
          const mail = JSON.parse(await readFile(path.join(box, name), 'utf8')) as {
            to: string;
            subject: string;
            text: string;
            createdAt: string;
          };
          if (mail.to !== email || !/authorization code/i.test(mail.subject)) continue;
          if (mail.createdAt < sinceIso) continue;
          const code = /\bis (\d{4})\b/.exec(mail.text)?.[1];
          if (!code || tried.has(code)) continue;
          if (!best || mail.createdAt > best.at) best = { at: mail.createdAt, code };
        }
      }
      if (best) return best.code;
      await sleep(300);
    }
    return null;
  }

  /** Every delivered message, as (to, subject) pairs. */
  async delivered(): Promise<{ to: string; subject: string }[]> {
    const out: { to: string; subject: string }[] = [];
    for (const dir of this.dataDirs) {
      const box = path.join(dir, 'mailbox');
      for (const name of (await readdir(box).catch(() => [] as string[])).filter((n) =>
        n.endsWith('.json'),
      )) {
        const mail = JSON.parse(await readFile(path.join(box, name), 'utf8')) as {
          to: string;
          subject: string;
        };
        out.push({ to: mail.to, subject: mail.subject });
      }
    }
    return out;
  }
}

export class CustomerSession {
  readonly acknowledged: Acknowledged[] = [];
  readonly refused: string[] = [];
  steps = 0;

  constructor(
    readonly who: Customer,
    readonly http: HttpClient,
    readonly meter: GapMeter,
    readonly inbox: Inbox,
    readonly runId: string,
  ) {}

  private call(what: string, method: string, url: string, json?: unknown, key?: string) {
    this.steps += 1;
    return withRetry(this.meter, what, () =>
      this.http.request(method, url, {
        ...(json !== undefined ? { json } : {}),
        ...(key ? { headers: { 'idempotency-key': key } } : {}),
      }),
    );
  }

  async signIn(): Promise<void> {
    const answer = await this.call('sign-in', 'POST', '/api/v1/auth/signin', {
      email: this.who.email,
      password: PASSWORD,
    });
    if (answer.status !== 200 || !this.http.cookie) {
      throw new Error(`customer ${this.who.index}: sign-in answered ${answer.status}`);
    }
  }

  /** The dashboard's reads; each must answer 200 (the session holds on every server). */
  async readDashboard(): Promise<Answer[]> {
    const answers = [];
    for (const url of [
      '/api/v1/accounts/current',
      '/api/v1/accounts/current/transactions',
      '/api/v1/notifications/unread-count',
    ]) {
      const answer = await this.call(`GET ${url}`, 'GET', url);
      if (answer.status !== 200) {
        throw new Error(`customer ${this.who.index}: ${url} answered ${answer.status}`);
      }
      answers.push(answer);
    }
    return answers;
  }

  private async current(id: string): Promise<TransferView> {
    const answer = await this.call('GET transfer', 'GET', `/api/v1/transfers/${id}`);
    if (answer.status !== 200) throw new Error(`GET transfer ${id}: ${answer.status}`);
    return answer.json<TransferView>();
  }

  /**
   * One transfer of `amount` (minor units) from the first step to an answer of `done`. Returns
   * false when the bank refused it (a notice, which the run reports).
   */
  async transfer(n: number, amount: bigint): Promise<boolean> {
    const key = `${this.runId}-c${this.who.index}-t${n}`;
    const created = await this.call(
      'create transfer',
      'POST',
      '/api/v1/transfers',
      { ...BENEFICIARY, note: 'Harness', amount: (Number(amount) / 100).toFixed(2) },
      key,
    );
    if (created.status !== 200 && created.status !== 201) {
      this.refused.push(`${key} create ${created.status} ${created.body.toString().slice(0, 200)}`);
      return false;
    }
    let t = created.json<TransferView>();
    const started = performance.now();
    let codeSince = new Date(Date.now() - 2_000).toISOString();
    const tried = new Set<string>();
    for (let round = 0; round < 40; round++) {
      const base = `/api/v1/transfers/${t.id}`;
      let answer: Answer;
      if (t.stage === 'draft') {
        answer = await this.call('confirm', 'POST', `${base}/confirm`, undefined, `${key}-confirm`);
      } else if (t.stage === 'confirmed') {
        codeSince = new Date(Date.now() - 2_000).toISOString();
        answer = await this.call('PIN', 'POST', `${base}/pin`, { pin: PIN }, `${key}-pin`);
      } else if (t.stage === 'pin_verified' && t.awaitingCode) {
        const code = await this.inbox.transferCode(this.who.email, codeSince, tried, 45_000);
        if (!code) {
          // No new code arrived (its email's job may be held by a server that died, until the
          // lease lapses): ask for another, which spends the one before.
          codeSince = new Date().toISOString();
          await this.call('resend code', 'POST', `${base}/code/resend`);
          t = await this.current(t.id);
          continue;
        }
        tried.add(code);
        answer = await this.call('code', 'POST', `${base}/code`, { code }, `${key}-code-${code}`);
        if (answer.status === 422) {
          // A code spent or replaced already (a late email): the next one is on its way, or is
          // asked for above when none comes.
          t = await this.current(t.id);
          continue;
        }
      } else {
        // pin_verified without a code, code_verified, or submitted (answers done again).
        answer = await this.call('submit', 'POST', `${base}/submit`, undefined, `${key}-submit`);
        if (answer.status === 200) {
          const step = answer.json<{ next: string; transfer: TransferView }>();
          if (step.next === 'done') {
            this.acknowledged.push({ customer: this.who.index, key, id: t.id, amount });
            this.meter.longestTransferMs = Math.max(
              this.meter.longestTransferMs,
              performance.now() - started,
            );
            return true;
          }
        }
      }
      if (answer.status === 422 || answer.status === 423) {
        this.refused.push(
          `${key} ${t.stage} ${answer.status} ${answer.body.toString().slice(0, 300)}`,
        );
        return false;
      }
      // 200: the step moved on; 409: it had already moved on (the lost answer of an earlier
      // try). Either way the transfer's stage on the server says what comes next.
      t = await this.current(t.id);
    }
    this.refused.push(`${key}: no end after 40 steps (stage ${t.stage})`);
    return false;
  }
}
