import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInCustomer, type TestCustomer } from '../helpers/customers.js';
import { engineName } from '../helpers/database.js';
import { multipartBody } from '../helpers/multipart.js';
import { useTestApp } from '../helpers/suite.js';

/**
 * Issue 20: one customer sending many uploads at once must not starve another's. Checking a
 * file takes a turn per person (platform/limiter.ts, createFairLimiter): the flood fills its own
 * short line and is told to come back (503 with Retry-After); another customer's picture is
 * checked at the next free turn. Before, the flood filled the one shared line of 16 and the
 * other customer was the one told "busy". No timings: who got through, and what they were told.
 */
const suite = useTestApp({ uploadStore: { kind: 'database' } });
let photo: Buffer;

beforeAll(async () => {
  // Noise, so that decoding and re-encoding it takes a while (a phone photo's worth of work).
  const width = 1000;
  const height = 800;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 3;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = seed >> 23;
  }
  photo = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
});

function uploadPicture(c: TestCustomer) {
  const { payload, contentType } = multipartBody([
    { name: 'profilePic', value: photo, fileName: 'me.jpg', type: 'image/jpeg' },
  ]);
  return suite.app.inject({
    method: 'POST',
    url: '/api/v1/profile/picture',
    payload,
    headers: { 'content-type': contentType, 'x-bank-csrf': '1', cookie: c.client.cookie ?? '' },
  });
}

describe(`uploads under one customer's flood (${engineName})`, () => {
  it("checks another customer's picture while one customer floods; the flood is told to come back", async () => {
    const flooder = await signedInCustomer(suite.app, suite.database, { kycStatus: 'approved' });
    const other = await signedInCustomer(suite.app, suite.database, { kycStatus: 'approved' });

    const flood = Array.from({ length: 20 }, () => uploadPicture(flooder));
    const theirs = await uploadPicture(other);
    expect(theirs.statusCode).toBe(200);
    // Kept where every app server reads it, and given back to its owner.
    const back = await other.client.get('/api/v1/profile/picture');
    expect(back.statusCode).toBe(200);
    expect((await sharp(back.rawPayload).metadata()).format).toBe('jpeg');

    const answers = await Promise.all(flood);
    const busy = answers.filter((a) => a.statusCode === 503);
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    expect(busy.length + answers.filter((a) => a.statusCode === 200).length).toBe(20);
    for (const answer of busy) {
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(answer.json().code).toBe('UNAVAILABLE');
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The line empties: the flooder's next picture is checked as usual.
    expect((await uploadPicture(flooder)).statusCode).toBe(200);
  });

  it('declares the 503 and its Retry-After on every upload route', async () => {
    const spec = (await suite.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          { summary?: string; responses: Record<string, { headers?: Record<string, unknown> }> }
        >
      >;
    };
    // Every route that takes a file says "(multipart…" in its summary (OpenAPI 3.1 has no
    // `consumes`); the routes calling readMultipart are these.
    const uploads: string[] = [];
    for (const [path, item] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!/\(multipart\b/.test(operation.summary ?? '')) continue;
        uploads.push(`${method.toUpperCase()} ${path}`);
        const busy = operation.responses['503'];
        expect(busy, `${method} ${path}`).toBeDefined();
        expect(busy?.headers?.['Retry-After'], `${method} ${path}`).toBeDefined();
      }
    }
    expect(uploads).toEqual(
      expect.arrayContaining([
        'POST /api/v1/kyc/submission',
        'POST /api/v1/profile/picture',
        'POST /api/v1/staff/adjustments',
      ]),
    );
    // The funding forms with a proof of payment.
    expect(uploads.filter((u) => u.includes('/funding')).length).toBeGreaterThanOrEqual(1);
  });
});
