import { AppError } from './errors.js';

/**
 * Work that costs CPU on shared threads (argon2 hashing, checking an upload) runs a few at a
 * time; a short line waits its turn, and beyond that line the server answers busy (503, try
 * again) at once. Under a flood, latency stays bounded and the rest of the app keeps its CPU.
 */
export function createLimiter(options: { atOnce: number; waiting: number; busy: string }) {
  let running = 0;
  const line: (() => void)[] = [];
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running >= options.atOnce) {
        if (line.length >= options.waiting) throw new AppError('UNAVAILABLE', options.busy);
        await new Promise<void>((resolve) => line.push(resolve));
      } else {
        running++;
      }
      try {
        return await work();
      } finally {
        // The turn passes straight to the next in line, or is given back.
        const next = line.shift();
        if (next) next();
        else running--;
      }
    },
  };
}
