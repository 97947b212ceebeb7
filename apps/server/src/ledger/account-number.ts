import { randomInt } from 'node:crypto';

/**
 * Account numbers: 10 digits, the last a Luhn check digit, so any single mistyped digit and
 * every swap of two neighbours except 0 and 9 is caught before any lookup. The first nine are random (not sequential), so a
 * number says nothing about how many customers there are or who opened when.
 */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function generateAccountNumber(): string {
  const body = String(randomInt(100_000_000, 1_000_000_000));
  return `${body}${luhnCheckDigit(body)}`;
}

export function isValidAccountNumber(value: string): boolean {
  return /^[1-9]\d{9}$/.test(value) && luhnCheckDigit(value.slice(0, 9)) === Number(value[9]);
}
