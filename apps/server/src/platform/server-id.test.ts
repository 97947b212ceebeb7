import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { SERVER_ID, defaultServerId } from './server-id.js';

describe('defaultServerId', () => {
  it('is drawn once per process, fits the header, and tells nothing of the host', () => {
    const id = defaultServerId();
    expect(id).toMatch(/^srv-[A-Za-z0-9_-]{11}$/);
    expect(id).toMatch(SERVER_ID);
    expect(defaultServerId()).toBe(id);
    expect(id).not.toContain(os.hostname());
  });
});
