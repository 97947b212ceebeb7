import type { Database } from '../../db/connection.js';
import { NOTIFICATIONS_CHANNEL, readAnnouncement } from './notifier.js';

/** Told the kind of a new notification, or null when only the unread count changed. */
type Listener = (kind: string | null) => void;

/**
 * Who is waiting, in this process, to hear that their notifications changed (the bell's live
 * count, and the screens a new notification's kind concerns). One LISTEN on the database for the
 * whole process, whichever app server wrote the notification; each announcement wakes only that
 * person's listeners, which then read their count again (an announcement is a hint, never the
 * data).
 */
export class NotificationHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private stop: (() => Promise<void>) | null = null;
  private starting: Promise<void> | null = null;

  constructor(private readonly database: Database) {}

  private start(): Promise<void> {
    this.starting ??= this.database
      .listen(NOTIFICATIONS_CHANNEL, (payload) => {
        const announced = readAnnouncement(payload);
        if (!announced) return;
        for (const listener of this.listeners.get(announced.userId) ?? []) {
          listener(announced.kind);
        }
      })
      .then((stop) => {
        this.stop = stop;
      })
      .catch((error: unknown) => {
        this.starting = null;
        throw error;
      });
    return this.starting;
  }

  /**
   * Calls `listener` whenever this person's notifications change, with the new one's kind;
   * answers how to stop.
   */
  async subscribe(userId: bigint, listener: Listener): Promise<() => void> {
    await this.start();
    const key = String(userId);
    let set = this.listeners.get(key);
    if (!set) this.listeners.set(key, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(key);
    };
  }

  /** How many listeners are open (for tests and the operator). */
  get size(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.stop?.();
    this.stop = null;
    this.starting = null;
  }
}
