import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `work` and answers no sooner than `floorMs` after it began, whether it succeeded or
 * failed. For the flows anyone can try with just an email address (verification and reset
 * codes): what they do differs a little by whether the address has an account, has a code
 * waiting or has used up its tries, and a difference of a database statement is measurable
 * over many tries. Below the floor, every answer takes the same time. The wait costs no CPU.
 */
export async function noSoonerThan<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const pad = async () => {
    const left = floorMs - (performance.now() - started);
    if (left > 0) await sleep(left);
  };
  try {
    const result = await work();
    await pad();
    return result;
  } catch (error) {
    await pad();
    throw error;
  }
}

/** The floor of the open code flows: above their slowest refusal on a busy machine. */
export const OPEN_FLOW_FLOOR_MS = 150;
