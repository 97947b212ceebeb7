import { describe, expect, it } from 'vitest';
import { STAFF_INVITATION_TTL_HOURS } from '@bank/contract';
import { engineName } from '../helpers/database.js';
import { TestClient } from '../helpers/http.js';
import { testClock } from '../helpers/app.js';
import { useTestApp } from '../helpers/suite.js';
import { TEAM, accept, invitationToken, invite, signedInStaff } from './setup.js';

/**
 * An invitation's link expires (72 hours), after which it reads as any bad link; a resend
 * gives a fresh one. The public routes are rate limited per address.
 */
const clock = testClock();
const suite = useTestApp({ clock, rateLimits: true });
const HOUR_MS = 60 * 60_000;

describe(`invitation expiry and limits (${engineName})`, () => {
  it('a link past its 72 hours is refused like any bad link; resent, it works again', async () => {
    // The authenticator codes of the sign-in below follow the real time.
    clock.advance(Date.now() - clock.now().getTime());
    const admin = await signedInStaff(suite);
    const { email, token, invitation } = await invite(suite, admin.client, ['kyc_reviewer']);
    expect(STAFF_INVITATION_TTL_HOURS).toBe(72);
    clock.advance(72 * HOUR_MS - 1000);
    expect(
      (await new TestClient(suite.app).post('/api/v1/auth/staff-invitation', { token })).statusCode,
    ).toBe(200);
    clock.advance(2000);
    const late = await accept(suite, token);
    expect(late.statusCode).toBe(404);
    expect(late.json().detail).toBe('This link is not valid or has expired.');
    // The staff list shows it expired, to resend or revoke.
    const listed = (await admin.client.get(`${TEAM}/invitations`)).json().items;
    expect(listed.find((i: { id: string }) => i.id === invitation.id)).toMatchObject({
      status: 'expired',
    });

    expect(
      (await admin.client.post(`${TEAM}/invitations/${invitation.id}/resend`)).statusCode,
    ).toBe(200);
    const fresh = await invitationToken(suite, email);
    expect((await accept(suite, fresh)).statusCode).toBe(200);
  });

  it('the public invitation routes are rate limited per address', async () => {
    const stranger = new TestClient(suite.app, 'Mozilla/5.0 (Guesser)', '203.0.113.9');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await stranger.post('/api/v1/auth/staff-invitation/accept', {
        token: `${'B'.repeat(40)}${String(i).padStart(3, '0')}`,
        password: 'lichen harbour gently rowing',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
