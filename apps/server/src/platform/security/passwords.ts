import { hash, verify, type Options } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@bank/contract';
import { createLimiter } from '../limiter.js';

// OWASP's argon2id parameters: 19 MiB, two passes, one lane. (2 is Algorithm.Argon2id, a const
// enum that isolated modules cannot import.)
const ARGON2: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

const STRENGTH_CHECKED_LENGTH = 64;

const strength = new ZxcvbnFactory({
  dictionary: common.dictionary,
  graphs: common.adjacencyGraphs,
});

/**
 * argon2id takes ~19 MiB and tens of milliseconds a time on the libuv thread pool (four
 * threads): as many at once as there are threads, a line of a hundred, and beyond it "busy". A
 * flood of sign-ins from many addresses then costs a bounded wait or a quick 503, instead of
 * slowing every sign-in to seconds.
 */
const argon2 = createLimiter({
  atOnce: 4,
  waiting: 100,
  busy: 'Many people are signing in right now. Please try again in a moment.',
});

export function hashPassword(password: string): Promise<string> {
  return argon2.run(() => hash(password, ARGON2));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return argon2.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

/**
 * A hash to verify against when there is no such user, so that "no account" and "wrong
 * password" take the same time and cannot be told apart.
 */
let decoy: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  // A refusal (the server busy) is not kept: the next caller makes the hash again.
  decoy ??= hashPassword('decoy password that matches nothing').catch((error: unknown) => {
    decoy = undefined;
    throw error;
  });
  return decoy;
}

/**
 * PRODUCT.md's rule: 8 to 128 characters, no composition rules, and passwords that are common
 * or guessable from the person's own details (name, username, email) refused. Returns the
 * message for the person, or null when the password is acceptable.
 */
export async function passwordProblem(
  password: string,
  personalWords: string[] = [],
): Promise<string | null> {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  }
  // zxcvbn's cost grows fast with length (a crafted 128-character password took most of a second
  // on the event loop); the first 64 characters decide whether a password is weak.
  const result = await strength.checkAsync(
    password.slice(0, STRENGTH_CHECKED_LENGTH),
    personalWords.filter(Boolean),
  );
  if (result.score < 2) {
    return 'This password is too common or too easy to guess. Try a longer phrase of unrelated words.';
  }
  return null;
}
