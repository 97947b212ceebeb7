/** How customers read rates, days and times, wherever the bank writes them (app, emails, PDFs). */

/** 525 -> "5.25 %", 500 -> "5 %": an annual rate as a customer reads it. */
export function formatRate(rateBp: number): string {
  const whole = Math.trunc(rateBp / 100);
  const cents = String(rateBp % 100).padStart(2, '0');
  return `${cents === '00' ? whole : `${whole}.${cents.replace(/0$/, '')}`} %`;
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const dayTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** en-GB writes dates day/month/year and times on the 24-hour clock. */
function formatOf(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string | undefined,
  time: boolean,
) {
  const key = timeZone ?? '';
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      ...(time ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
      ...(timeZone ? { timeZone } : {}),
    });
    cache.set(key, format);
  }
  return format;
}

/**
 * The one date style (the spec's day/month/year), wherever the bank writes a date: the app, the
 * back office, emails and PDFs. A YYYY-MM-DD day is written as it is ("2026-11-21" is
 * "21/11/2026"); a moment (an ISO time or a Date) on its day in `timeZone`, else the reader's own.
 */
export function formatDay(value: string | Date, timeZone?: string): string {
  if (typeof value === 'string' && DAY_PATTERN.test(value)) {
    const [y, m, d] = value.split('-');
    return `${d}/${m}/${y}`;
  }
  return formatOf(dayFormats, timeZone, false).format(new Date(value));
}

/**
 * A moment with its time, where the time matters: "21/11/2026, 15:04" in the reader's own time
 * zone, or in `timeZone`, which is then named ("21/11/2026, 15:04 UTC").
 */
export function formatDayTime(value: string | Date, timeZone?: string): string {
  const text = formatOf(dayTimeFormats, timeZone, true).format(new Date(value));
  return timeZone ? `${text} ${timeZone}` : text;
}

/**
 * A moment as the back office, emails and documents write it, in UTC as the books keep it:
 * "21/11/2026, 15:04 UTC".
 */
export function formatUtcDayTime(value: string | Date): string {
  return formatDayTime(value, 'UTC');
}

/** A YYYY-MM-DD day as customers read dates (day/month/year): `formatDay`. */
export function readableDay(day: string): string {
  return formatDay(day);
}
