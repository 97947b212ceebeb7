import { NOTIFICATION_KINDS } from '@bank/contract';
import { describe, expect, it } from 'vitest';
import { NOTICES } from './kinds/index.js';
import { announcementPayload, readAnnouncement } from './notifier.js';

describe('the live announcement', () => {
  it('carries whose notifications changed and the kind of a new one', () => {
    expect(readAnnouncement(announcementPayload(42n, 'transfer.received'))).toEqual({
      userId: '42',
      kind: 'transfer.received',
    });
    expect(readAnnouncement(announcementPayload(9_007_199_254_740_993n))).toEqual({
      userId: '9007199254740993',
      kind: null,
    });
  });

  it('ignores a payload that is not an announcement', () => {
    for (const payload of ['', 'all', '0', '-1', '42:', '42:Transfer Received', '42:a:b', ' 42']) {
      expect(readAnnouncement(payload), payload).toBeNull();
    }
  });

  it('names only kinds the contract lists, and every one of them', () => {
    expect(Object.keys(NOTICES).sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });
});
