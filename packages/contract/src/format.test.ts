import { describe, expect, it } from 'vitest';
import { formatDay, formatDayTime, formatUtcDayTime, readableDay } from './format.js';

describe('one date style: day/month/year, with the time where it matters', () => {
  it('writes a day as day/month/year, whatever the time zone', () => {
    expect(formatDay('2026-11-21')).toBe('21/11/2026');
    expect(formatDay('2026-01-05', 'Pacific/Kiritimati')).toBe('05/01/2026');
    expect(readableDay('2027-03-01')).toBe('01/03/2027');
  });

  it('writes a moment on its day in the zone asked for', () => {
    const late = '2026-11-21T23:30:00Z';
    expect(formatDay(late, 'UTC')).toBe('21/11/2026');
    expect(formatDay(new Date(late), 'Asia/Tokyo')).toBe('22/11/2026');
  });

  it('adds the time on the 24-hour clock, naming a zone given', () => {
    expect(formatUtcDayTime('2026-11-21T15:04:59Z')).toBe('21/11/2026, 15:04 UTC');
    expect(formatUtcDayTime(new Date('2026-02-03T00:05:00Z'))).toBe('03/02/2026, 00:05 UTC');
    expect(formatDayTime('2026-11-21T15:04:00Z', 'Europe/Paris')).toBe(
      '21/11/2026, 16:04 Europe/Paris',
    );
    // The reader's own zone is not named: it is theirs.
    expect(formatDayTime('2026-11-21T15:04:00Z')).toMatch(/^\d{2}\/\d{2}\/2026, \d{2}:\d{2}$/);
  });
});
