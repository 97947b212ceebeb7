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

/**
 * A limiter that shares its turns fairly between owners (the person uploading): each owner has
 * at most `perOwner` running and `waitingPerOwner` in line, the line holds at most `waiting` in
 * all, and a freed turn goes to the waiting owner served longest ago, not to whoever queued
 * first. One person sending many files at once fills their own short line and is told "busy"
 * (503); everyone else's file is checked at the next free turn (issue 20).
 */
export function createFairLimiter(options: {
  atOnce: number;
  perOwner: number;
  waitingPerOwner: number;
  waiting: number;
  busy: string;
}) {
  interface Owner {
    running: number;
    line: (() => void)[];
    /** When this owner last got a turn (a counter): the longest-unserved goes first. */
    servedAt: number;
  }
  const owners = new Map<string, Owner>();
  let running = 0;
  let waiting = 0;
  let turns = 0;

  const start = (owner: Owner) => {
    running++;
    owner.running++;
    owner.servedAt = ++turns;
  };

  /** Gives free turns to waiting owners, longest-unserved first (owners are few: a scan). */
  const dispatch = () => {
    while (running < options.atOnce) {
      let next: Owner | undefined;
      for (const owner of owners.values()) {
        if (owner.line.length === 0 || owner.running >= options.perOwner) continue;
        if (!next || owner.servedAt < next.servedAt) next = owner;
      }
      if (!next) return;
      const resume = next.line.shift() as () => void;
      waiting--;
      start(next);
      resume();
    }
  };

  return {
    async run<T>(ownerId: string, work: () => Promise<T>): Promise<T> {
      let owner = owners.get(ownerId);
      if (!owner) {
        owner = { running: 0, line: [], servedAt: 0 };
        owners.set(ownerId, owner);
      }
      if (running < options.atOnce && owner.running < options.perOwner && owner.line.length === 0) {
        start(owner);
      } else {
        if (owner.line.length >= options.waitingPerOwner || waiting >= options.waiting) {
          if (owner.running === 0 && owner.line.length === 0) owners.delete(ownerId);
          throw new AppError('UNAVAILABLE', options.busy);
        }
        waiting++;
        const line = owner.line;
        await new Promise<void>((resolve) => line.push(resolve));
      }
      try {
        return await work();
      } finally {
        running--;
        owner.running--;
        if (owner.running === 0 && owner.line.length === 0) owners.delete(ownerId);
        dispatch();
      }
    },
    /** Owners known right now (running or in line): for tests of the bookkeeping. */
    get owners() {
      return owners.size;
    },
  };
}
