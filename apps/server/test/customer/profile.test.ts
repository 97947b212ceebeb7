import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bootstrapAdmin } from '../../src/modules/staff/bootstrap.js';
import { signedInCustomer, type TestCustomer } from '../helpers/customers.js';
import { signInStaff } from '../helpers/staff.js';
import { multipartBody } from '../helpers/multipart.js';
import { useTestApp } from '../helpers/suite.js';

const suite = useTestApp();

const details = {
  firstName: 'Katherine',
  lastName: 'Johnson',
  phone: '020 7946 0958',
  gender: 'female',
  dateOfBirth: '1990-08-26',
  country: 'GB',
  maritalStatus: 'married',
  homeAddress: '1 Orbit Lane, London',
  nextOfKin: 'James Johnson, +44 20 7946 0000',
};

async function customer() {
  return signedInCustomer(suite.app, suite.database, {
    kycStatus: 'approved',
    firstName: 'Katherine',
    lastName: 'Johnson',
  });
}

function uploadPicture(c: TestCustomer, data: Buffer, fileName = 'me.png') {
  const { payload, contentType } = multipartBody([
    { name: 'profilePic', value: data, fileName, type: 'image/png' },
  ]);
  return suite.app.inject({
    method: 'POST',
    url: '/api/v1/profile/picture',
    payload,
    headers: { 'content-type': contentType, 'x-bank-csrf': '1', cookie: c.client.cookie ?? '' },
  });
}

describe('the profile', () => {
  it('saves the details; the phone in E.164; the next of kin accepted but never shown back', async () => {
    const c = await customer();
    const empty = (await c.client.get('/api/v1/profile')).json();
    expect(empty).toMatchObject({
      plan: 'Basic',
      nextOfKinOnFile: false,
      hasPicture: false,
      identityVerified: true,
    });

    const saved = await c.client.post('/api/v1/profile', details);
    expect(saved.statusCode).toBe(200);
    const profile = (await c.client.get('/api/v1/profile')).json();
    expect(profile).toMatchObject({
      firstName: 'Katherine',
      lastName: 'Johnson',
      phone: '+442079460958',
      gender: 'female',
      dateOfBirth: '1990-08-26',
      country: 'GB',
      maritalStatus: 'married',
      homeAddress: '1 Orbit Lane, London',
      nextOfKinOnFile: true,
    });
    expect(JSON.stringify(profile)).not.toContain('James');
    const row = await suite.database.db
      .selectFrom('customer_profiles')
      .select('next_of_kin_sealed')
      .where('user_id', '=', c.userId)
      .executeTakeFirstOrThrow();
    expect(row.next_of_kin_sealed).not.toContain('James');
    expect((await c.client.get('/api/v1/auth/me')).json().firstName).toBe('Katherine');
    const note = (await c.client.get('/api/v1/notifications')).json().items[0];
    expect(note.kind).toBe('profile.changed');
    expect(note.body).toContain('next of kin');
  });

  it('keeps the name and country the identity check verified; the rest stays editable', async () => {
    const c = await customer();
    expect((await c.client.post('/api/v1/profile', details)).statusCode).toBe(200);
    const before = (await c.client.get('/api/v1/profile')).json();
    for (const [field, value] of [
      ['firstName', 'Kathy'],
      ['lastName', 'Goble'],
      ['country', 'US'],
    ] as const) {
      const refused = await c.client.post('/api/v1/profile', {
        ...details,
        [field]: value,
        phone: '+1 202 555 0143',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([
        {
          path: `body.${field}`,
          message: 'Checked with your identity documents: to change it, contact Help & Support',
        },
      ]);
      // Nothing else in the request was written either.
      expect((await c.client.get('/api/v1/profile')).json()).toEqual(before);
    }
    const moved = await c.client.post('/api/v1/profile', {
      ...details,
      homeAddress: '2 Orbit Lane',
    });
    expect(moved.json()).toMatchObject({ homeAddress: '2 Orbit Lane', country: 'GB' });
  });

  it('changes one detail alone: only what is sent is written, the rest stays as it was', async () => {
    // As the identity check leaves it: phone, country and address; no gender, birth date or status.
    const c = await customer();
    await suite.database.db
      .insertInto('customer_profiles')
      .values({
        user_id: c.userId,
        phone: '+2348031234567',
        country: 'GB',
        home_address: '1 Orbit Lane, London',
      })
      .execute();
    const before = (await c.client.get('/api/v1/profile')).json();

    const phone = await c.client.post('/api/v1/profile', { phone: '+44 7400 123456' });
    expect(phone.statusCode, phone.body).toBe(200);
    expect(phone.json()).toEqual({ ...before, phone: '+447400123456' });
    // Typed the national way, the number is read as one of the profile's country.
    const national = await c.client.post('/api/v1/profile', { phone: '07400 654321' });
    expect(national.json()).toEqual({ ...before, phone: '+447400654321' });
    const note = (await c.client.get('/api/v1/notifications')).json().items[0];
    expect(note.body).toBe(
      'Your profile was updated (phone). If this was not you, contact us at once.',
    );

    // Gender and marital status are optional, and "Prefer not to say" is an answer.
    const undisclosed = await c.client.post('/api/v1/profile', {
      gender: 'undisclosed',
      maritalStatus: 'undisclosed',
    });
    expect(undisclosed.json()).toMatchObject({
      gender: 'undisclosed',
      maritalStatus: 'undisclosed',
      phone: '+447400654321',
      dateOfBirth: null,
    });
    // Sending the verified name as it is, is no change and no refusal.
    const same = await c.client.post('/api/v1/profile', {
      firstName: 'Katherine',
      homeAddress: '2 Orbit Lane, London',
    });
    expect(same.json()).toMatchObject({
      firstName: 'Katherine',
      homeAddress: '2 Orbit Lane, London',
    });

    const nothing = await c.client.post('/api/v1/profile', {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors).toEqual([
      { path: 'body', message: 'Change at least one detail to save' },
    ]);
  });

  it('says what to check in a phone number it refuses', async () => {
    const c = await customer();
    for (const [phone, message] of [
      [
        '+44 7400 1234567',
        /^Too many digits for a \+44 number: it has 7, 9 or 10 digits after \+44/,
      ],
      ['+999 1234567', /^No country has the code this number starts with\./],
      [
        '+44 7700 900123',
        /Reserved and fictional ranges, such as those kept for films, are not accepted\.$/,
      ],
      ['7400 123456', /^Start with \+ and the country code/],
    ] as const) {
      const refused = await c.client.post('/api/v1/profile', { phone });
      expect(refused.statusCode, phone).toBe(400);
      expect(refused.json().errors, phone).toEqual([
        { path: 'body.phone', message: expect.stringMatching(message) },
      ]);
    }
  });

  it('refuses fields a customer must not set, under-18s, bad dates, phones and countries', async () => {
    const c = await customer();
    for (const extra of [
      { role: 'admin' },
      { kycStatus: 'approved' },
      { plan: 'Gold' },
      { balance: '1000000' },
      { email: 'other@example.com' },
    ]) {
      const refused = await c.client.post('/api/v1/profile', { ...details, ...extra });
      expect(refused.statusCode, JSON.stringify(extra)).toBe(400);
    }
    const today = new Date();
    const seventeen = `${today.getUTCFullYear() - 17}-01-01`;
    for (const [field, value] of [
      ['dateOfBirth', seventeen],
      ['dateOfBirth', '1990-02-30'],
      ['dateOfBirth', '1990/01/01'],
      ['phone', '12'],
      ['phone', '+44 1'],
      ['country', 'XX'],
      ['gender', 'robot'],
      ['maritalStatus', 'complicated'],
      ['firstName', 'Visit http://evil.example now'],
      ['homeAddress', 'a\u0000b cdef'],
    ] as const) {
      const refused = await c.client.post('/api/v1/profile', { ...details, [field]: value });
      expect(refused.statusCode, `${field}=${value}`).toBe(400);
      expect(refused.json().errors?.[0]?.path, `${field}=${value}`).toBe(`body.${field}`);
    }
    const unchanged = (await c.client.get('/api/v1/profile')).json();
    expect(unchanged.dateOfBirth).toBeNull();
    expect(
      (
        await suite.database.db
          .selectFrom('users')
          .select(['kind', 'kyc_status'])
          .where('id', '=', c.userId)
          .executeTakeFirstOrThrow()
      ).kind,
    ).toBe('customer');
  });

  it('takes a picture by its content, re-encodes it, replaces the old one, and shows it to its owner only', async () => {
    const c = await customer();
    const other = await customer();
    const png = await sharp({
      create: { width: 120, height: 90, channels: 3, background: '#2a6' },
    })
      .png()
      .toBuffer();
    expect(
      (await uploadPicture(c, Buffer.from('<script>alert(1)</script>'), 'x.png')).statusCode,
    ).toBe(400);
    const first = await uploadPicture(c, png);
    expect(first.statusCode).toBe(200);
    const shown = await c.client.get('/api/v1/profile/picture');
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toMatch(/^image\/(jpeg|webp)/);
    expect(shown.headers['content-security-policy']).toContain('sandbox');
    expect(shown.rawPayload.equals(png)).toBe(false);
    expect((await other.client.get('/api/v1/profile/picture')).statusCode).toBe(404);
    expect((await c.client.get('/api/v1/profile')).json().hasPicture).toBe(true);

    const files = () =>
      suite.database.db
        .selectFrom('stored_files')
        .select('storage_key')
        .where('purpose', '=', 'profile_picture')
        .execute();
    const before = await files();
    await uploadPicture(c, png);
    const after = await files();
    expect(after).toHaveLength(before.length);
    const store = suite.app.deps.files.folder ?? '';
    const onDisk = readdirSync(store, { recursive: true }).filter((f) =>
      /\.(jpg|webp)$/.test(String(f)),
    );
    expect(onDisk.length).toBe(after.length);
  });

  it('starts from the identity check when it is approved', async () => {
    const c = await signedInCustomer(suite.app, suite.database, { kycStatus: 'not_verified' });
    // The details an approved identity check carried into the profile.
    const submission = await suite.database.db
      .insertInto('kyc_submissions')
      .values({
        user_id: c.userId,
        country: 'NG',
        phone: '+2348031234567',
        home_address: '12 Marina Road, Lagos',
        document_type: 'Passport',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await suite.database.db
      .updateTable('users')
      .set({ kyc_status: 'pending' })
      .where('id', '=', c.userId)
      .execute();
    const admin = {
      email: 'profile.admin@bank.example',
      password: 'granite harbour lighthouse keeper',
    };
    await bootstrapAdmin(suite.database.db, admin);
    const reviewer = await signInStaff(suite.app, admin);
    const approved = await reviewer.post(`/api/v1/staff/kyc/submissions/${submission.id}/approve`);
    expect(approved.statusCode).toBe(200);
    const row = await suite.database.db
      .selectFrom('customer_profiles')
      .select(['phone', 'country', 'home_address'])
      .where('user_id', '=', c.userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      phone: '+2348031234567',
      country: 'NG',
      home_address: '12 Marina Road, Lagos',
    });
  });
});
