import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import {
  generateAccountNumber,
  isValidAccountNumber,
  luhnCheckDigit,
} from '../../src/ledger/account-number.js';
import {
  ensureInternalAccounts,
  INTERNAL_ACCOUNT_KINDS,
  type Executor,
} from '../../src/ledger/index.js';
import { createTestDatabase } from '../helpers/database.js';
import { expectAppError, openCustomer } from '../helpers/ledger.js';
import type * as AccountNumberModule from '../../src/ledger/account-number.js';

// Numbers queued here are handed out by generateAccountNumber before random ones, so a test can
// force a collision with an existing account number.
const forced = vi.hoisted(() => ({ numbers: [] as string[] }));
vi.mock('../../src/ledger/account-number.js', async (importOriginal) => {
  const real = await importOriginal<typeof AccountNumberModule>();
  return {
    ...real,
    generateAccountNumber: () => forced.numbers.shift() ?? real.generateAccountNumber(),
  };
});

/** Luhn as usually stated: double every second digit from the right, the total ends in 0. */
function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

const body = fc.integer({ min: 100_000_000, max: 999_999_999 }).map(String);
const accountNumber = body.map((b) => `${b}${luhnCheckDigit(b)}`);

function swap(number: string, i: number): string {
  const chars = [...number];
  [chars[i], chars[i + 1]] = [chars[i + 1] as string, chars[i] as string];
  return chars.join('');
}

describe('account number format', () => {
  it('check digit agrees with the textbook Luhn example and with an independent Luhn check', () => {
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(luhnValid('79927398713')).toBe(true);
    fc.assert(
      fc.property(body, (b) => {
        expect(luhnValid(`${b}${luhnCheckDigit(b)}`)).toBe(true);
        for (let d = 0; d <= 9; d++) {
          expect(isValidAccountNumber(`${b}${d}`)).toBe(d === luhnCheckDigit(b));
        }
      }),
    );
  });

  it('generated numbers are 10 digits, do not start with 0, and carry a valid check digit', () => {
    for (let i = 0; i < 5_000; i++) {
      const number = generateAccountNumber();
      expect(number).toMatch(/^[1-9]\d{9}$/);
      expect(isValidAccountNumber(number)).toBe(true);
      expect(luhnValid(number)).toBe(true);
    }
  });

  it('any single mistyped digit is detected', () => {
    fc.assert(
      fc.property(
        accountNumber,
        fc.nat(9),
        fc.integer({ min: 1, max: 9 }),
        (number, pos, delta) => {
          const digit = (Number(number[pos]) + delta) % 10;
          const typo = `${number.slice(0, pos)}${digit}${number.slice(pos + 1)}`;
          expect(typo).not.toBe(number);
          expect(isValidAccountNumber(typo)).toBe(false);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('every adjacent swap of two different digits is detected, except 0 and 9 (Luhn blind spot)', () => {
    fc.assert(
      fc.property(accountNumber, fc.nat(8), (number, pos) => {
        const x = number[pos];
        const y = number[pos + 1];
        fc.pre(x !== y);
        const swapped = swap(number, pos);
        const blindSpot = (x === '0' && y === '9') || (x === '9' && y === '0');
        // A leading 0 after the swap is refused by the format check even for 0 and 9.
        expect(isValidAccountNumber(swapped)).toBe(blindSpot && swapped[0] !== '0');
      }),
      { numRuns: 2_000 },
    );
  });

  it('exhaustively: at every position, a swap of two different neighbours is caught unless they are 0 and 9', () => {
    /** A valid number with x, y at pos, pos + 1 (another body digit absorbs the check). */
    const validWith = (pos: number, x: number, y: number): string | undefined => {
      const free = pos <= 4 ? 7 : 2;
      for (let f = 0; f <= 9; f++) {
        const digits = [...'5555555555'];
        digits[pos] = String(x);
        digits[pos + 1] = String(y);
        digits[free] = String(f);
        const candidate = digits.join('');
        if (isValidAccountNumber(candidate)) return candidate;
      }
      return undefined;
    };
    let checked = 0;
    let blindSpots = 0;
    for (let pos = 0; pos < 9; pos++) {
      for (let x = 0; x <= 9; x++) {
        for (let y = 0; y <= 9; y++) {
          if (x === y) continue;
          const number = validWith(pos, x, y);
          if (pos === 0 && x === 0) {
            expect(number).toBeUndefined(); // no account number starts with 0
            continue;
          }
          expect(number, `pos ${pos} digits ${x}${y}`).toBeDefined();
          const swapped = swap(number as string, pos);
          const zeroNine = x + y === 9 && (x === 0 || y === 0);
          const undetected = isValidAccountNumber(swapped);
          expect(undetected, `${number} -> ${swapped}`).toBe(zeroNine && swapped[0] !== '0');
          checked += 1;
          if (undetected) blindSpots += 1;
        }
      }
    }
    expect(checked).toBe(9 * 90 - 9);
    // 0/9 at positions 1..8 both ways, and 9 then 0 at position 0 swaps to a leading 0 (caught).
    expect(blindSpots).toBe(8 * 2);
  });

  it.each([
    ['too short', '123456789'],
    ['too long', '12345678903'],
    ['leading zero', '0123456789'],
    ['letters', '12345678a0'],
    ['spaces', '1234 56789'],
    ['empty', ''],
  ])('refuses a malformed number (%s)', (_name, value) => {
    expect(isValidAccountNumber(value)).toBe(false);
  });
});

describe('opening accounts', () => {
  let database: Database;
  let db: Executor;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });

  afterAll(async () => {
    await database?.close();
  });

  it('gives every account its own valid number, a zero balance, and the owner asked for', async () => {
    const opened = [];
    for (let i = 0; i < 300; i++) opened.push(await openCustomer(db, i % 2 ? 'USD' : 'EUR'));
    const numbers = opened.map((a) => a.accountNumber);
    expect(new Set(numbers).size).toBe(300);
    for (const n of numbers) expect(isValidAccountNumber(n)).toBe(true);

    const rows = await db
      .selectFrom('ledger_accounts')
      .select(['id', 'account_number', 'owner_id', 'balance', 'version'])
      .where(
        'id',
        'in',
        opened.map((a) => a.id),
      )
      .execute();
    expect(rows).toHaveLength(300);
    for (const row of rows) {
      const account = opened.find((a) => a.id === row.id);
      expect(row).toEqual({
        id: account?.id,
        account_number: account?.accountNumber,
        owner_id: account?.ownerId,
        balance: 0n,
        version: 0n,
      });
    }
  });

  it('retries with a new number when the drawn one is already taken', async () => {
    const existing = await openCustomer(db);
    forced.numbers.push(existing.accountNumber, existing.accountNumber);
    const next = await openCustomer(db);
    expect(forced.numbers).toEqual([]);
    expect(next.accountNumber).not.toBe(existing.accountNumber);
    expect(isValidAccountNumber(next.accountNumber)).toBe(true);
    const holders = await db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('account_number', '=', existing.accountNumber)
      .execute();
    expect(holders).toEqual([{ id: existing.id }]);
  });

  it('gives up with INTERNAL after ten collisions and opens nothing', async () => {
    const existing = await openCustomer(db);
    const count = async () =>
      (
        await db
          .selectFrom('ledger_accounts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    forced.numbers.push(...Array<string>(10).fill(existing.accountNumber));
    await expectAppError(openCustomer(db), 'INTERNAL');
    expect(forced.numbers).toEqual([]);
    expect(await count()).toEqual(before);
  });

  it("ensureInternalAccounts creates the bank's accounts once per currency, also when raced", async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => ensureInternalAccounts(db, 'CHF')),
    );
    const first = results[0];
    for (const r of results) expect(r).toEqual(first);
    const rows = await db
      .selectFrom('ledger_accounts')
      .select(['kind', 'account_number', 'owner_id'])
      .where('currency', '=', 'CHF')
      .execute();
    expect(rows.map((r) => r.kind).sort()).toEqual([...INTERNAL_ACCOUNT_KINDS].sort());
    for (const row of rows) {
      expect(row.owner_id).toBeNull();
      expect(isValidAccountNumber(row.account_number)).toBe(true);
    }
    expect(await ensureInternalAccounts(db, 'CHF')).toEqual(first);
  });
});
