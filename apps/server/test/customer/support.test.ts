import { describe, expect, it } from 'vitest';
import { bootstrapAdmin } from '../../src/modules/staff/bootstrap.js';
import { signedInCustomer } from '../helpers/customers.js';
import { signInStaff } from '../helpers/staff.js';
import { useTestApp } from '../helpers/suite.js';

const suite = useTestApp();
const ADMIN = {
  email: 'catalog.admin@bank.example',
  password: 'granite harbour lighthouse keeper',
};

async function admin() {
  await bootstrapAdmin(suite.database.db, ADMIN);
  return signInStaff(suite.app, ADMIN);
}

async function auditOf(action: string) {
  return suite.database.db
    .selectFrom('audit_log')
    .select(['before', 'after'])
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .execute();
}

describe('support contacts', () => {
  it('shows customers only what staff published; every change is audited', async () => {
    const c = await signedInCustomer(suite.app, suite.database, { kycStatus: 'approved' });
    expect((await c.client.get('/api/v1/support/contacts')).json()).toEqual({
      whatsapp: null,
      email: null,
      phone: null,
    });
    const staff = await admin();
    const bad = await staff.post('/api/v1/staff/catalog/support-contacts', {
      whatsapp: '0800 123',
      email: 'help@bank.example',
      phone: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('body.whatsapp');

    const set = await staff.post('/api/v1/staff/catalog/support-contacts', {
      whatsapp: '+44 7700 900123',
      email: 'help@bank.example',
      phone: '',
    });
    expect(set.statusCode).toBe(200);
    expect((await c.client.get('/api/v1/support/contacts')).json()).toEqual({
      whatsapp: '+447700900123',
      email: 'help@bank.example',
      phone: null,
    });
    const [entry] = await auditOf('catalog.support_contacts.update');
    expect(entry?.after).toEqual({
      whatsapp: '+447700900123',
      email: 'help@bank.example',
      phone: null,
    });

    expect(
      (
        await c.client.post('/api/v1/staff/catalog/support-contacts', {
          whatsapp: '',
          email: '',
          phone: '',
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('region availability', () => {
  it('offers built products, never the ones the bank does not have, and honours country switches', async () => {
    const c = await signedInCustomer(suite.app, suite.database, {
      kycStatus: 'approved',
      firstName: 'Mary',
      lastName: 'Jackson',
    });
    await c.client.post('/api/v1/profile', {
      firstName: 'Mary',
      lastName: 'Jackson',
      phone: '+2348031234567',
      gender: 'female',
      dateOfBirth: '1985-04-09',
      country: 'NG',
      maritalStatus: 'single',
      homeAddress: '12 Marina Road, Lagos',
    });
    const before = (await c.client.get('/api/v1/availability')).json().available;
    expect(before).toMatchObject({
      crypto_deposit: true,
      fixed_deposit: true,
      loan: false,
      credit_card: false,
      pay_bills: false,
      funding_card: false,
    });

    const staff = await admin();
    const notOffered = await staff.post('/api/v1/staff/catalog/availability/loan', {
      unavailableCountries: [],
    });
    expect(notOffered.statusCode).toBe(409);
    const badCountry = await staff.post('/api/v1/staff/catalog/availability/fixed_deposit', {
      unavailableCountries: ['ZZ'],
    });
    expect(badCountry.statusCode).toBe(400);
    const off = await staff.post('/api/v1/staff/catalog/availability/fixed_deposit', {
      unavailableCountries: ['NG', 'GH', 'NG'],
    });
    expect(off.json()).toEqual({ product: 'fixed_deposit', unavailableCountries: ['GH', 'NG'] });
    const after = (await c.client.get('/api/v1/availability')).json().available;
    expect(after.fixed_deposit).toBe(false);
    expect(after.crypto_deposit).toBe(true);
    const list = (await staff.get('/api/v1/staff/catalog/availability')).json().items;
    expect(list.find((p: { product: string }) => p.product === 'loan')).toMatchObject({
      offered: false,
    });
    const [entry] = await auditOf('catalog.availability.update');
    expect(entry).toEqual({
      before: { unavailableCountries: [] },
      after: { unavailableCountries: ['GH', 'NG'] },
    });
  });

  it('follows the country the approved identity check showed, not one typed later', async () => {
    const c = await signedInCustomer(suite.app, suite.database, { kycStatus: 'approved' });
    await suite.database.db
      .insertInto('kyc_submissions')
      .values({
        user_id: c.userId,
        country: 'GH',
        phone: '+233201234567',
        home_address: '4 Ring Road, Accra',
        document_type: 'Passport',
        status: 'approved',
        reviewed_at: new Date(),
      })
      .execute();
    // A profile country that disagrees (saved before the check, say).
    await suite.database.db
      .updateTable('customer_profiles')
      .set({ country: 'GB' })
      .where('user_id', '=', c.userId)
      .execute();
    const staff = await admin();
    await staff.post('/api/v1/staff/catalog/availability/fixed_deposit', {
      unavailableCountries: ['GH'],
    });
    const available = (await c.client.get('/api/v1/availability')).json().available;
    expect(available.fixed_deposit).toBe(false);
    await staff.post('/api/v1/staff/catalog/availability/fixed_deposit', {
      unavailableCountries: [],
    });
    expect((await c.client.get('/api/v1/availability')).json().available.fixed_deposit).toBe(true);
  });
});
