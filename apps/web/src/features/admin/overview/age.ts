/**
 * How long something has waited, short for the eye ("3 h") and in words for a screen reader
 * ("3 hours"): under an hour in minutes, under two days in hours, then in days.
 */
export function waitedFor(seconds: number): { short: string; words: string } {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return { short: '< 1 min', words: 'less than a minute' };
  if (seconds < 3600) {
    const minutes = Math.floor(seconds / 60);
    return { short: `${minutes} min`, words: plural(minutes, 'minute') };
  }
  if (seconds < 48 * 3600) {
    const hours = Math.floor(seconds / 3600);
    return { short: `${hours} h`, words: plural(hours, 'hour') };
  }
  const days = Math.floor(seconds / 86_400);
  return { short: `${days} d`, words: plural(days, 'day') };
}
