/** How customers read rates and days, wherever the bank writes them (app, emails, PDFs). */

/** 525 -> "5.25 %", 500 -> "5 %": an annual rate as a customer reads it. */
export function formatRate(rateBp: number): string {
  const whole = Math.trunc(rateBp / 100);
  const cents = String(rateBp % 100).padStart(2, '0');
  return `${cents === '00' ? whole : `${whole}.${cents.replace(/0$/, '')}`} %`;
}

/** A YYYY-MM-DD day as customers read dates (day/month/year, as the app shows them). */
export function readableDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}
