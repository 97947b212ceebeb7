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
 * (503); everyone else's file is checked at the next free turn (issue 20). When the whole line
 * is full, a newcomer takes the place of the last file of whoever has the most waiting (that
 * file is told "busy" instead), as long as that person keeps at least as many waiting as the
 * newcomer then has: a few accounts of one person filling the shared line cannot refuse
 * everyone else.
 */
export function createFairLimiter(options: {
  atOnce: number;
  perOwner: number;
  waitingPerOwner: number;
  waiting: number;
  busy: string;
}) {
  interface Waiter {
    resume: () => void;
    refuse: (error: Error) => void;
  }
  interface Owner {
    running: number;
    line: Waiter[];
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
      const { resume } = next.line.shift() as Waiter;
      waiting--;
      start(next);
      resume();
    }
  };

  /**
   * The whole line is full: the last waiter of the person with the longest line is told busy
   * to make room for `newcomer`, if that person keeps at least as many waiting as the newcomer
   * then has. Answers whether room was made.
   */
  const makeRoomFor = (newcomer: Owner): boolean => {
    let longest: Owner | undefined;
    for (const owner of owners.values()) {
      if (!longest || owner.line.length > longest.line.length) longest = owner;
    }
    if (!longest || longest === newcomer || longest.line.length <= newcomer.line.length + 1) {
      return false;
    }
    const { refuse } = longest.line.pop() as Waiter;
    waiting--;
    refuse(new AppError('UNAVAILABLE', options.busy));
    return true;
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
        if (
          owner.line.length >= options.waitingPerOwner ||
          (waiting >= options.waiting && !makeRoomFor(owner))
        ) {
          if (owner.running === 0 && owner.line.length === 0) owners.delete(ownerId);
          throw new AppError('UNAVAILABLE', options.busy);
        }
        waiting++;
        const line = owner.line;
        await new Promise<void>((resolve, reject) =>
          line.push({ resume: resolve, refuse: reject }),
        );
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
