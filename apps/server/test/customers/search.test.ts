import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/suite.js';
import { CUSTOMERS, customerHelpers } from './setup.js';

/**
 * The back office's one search box (customers.manage): by name, email, username, profile phone
 * and account number, newest first in pages, with the standing badges; staff are never listed.
 */

const suite = useTestApp();
const h = customerHelpers(suite);

type Item = {
  id: string;
  email: string;
  username: string;
  accountNumber: string | null;
  phone: string | null;
  kycStatus: string;
  restricted: boolean;
  freeze: string | null;
};
type Page = { items: Item[]; nextCursor: string | null };

async function search(q: string, extra = '') {
  const res = await (await h.manager()).get(`${CUSTOMERS}?q=${encodeURIComponent(q)}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

const ids = (page: Page) => page.items.map((i) => i.id);

describe('customer search', () => {
  it('finds a customer by each field, and only them', async () => {
    const ada = await h.verifiedCustomer({
      firstName: 'Adaline',
      lastName: 'Quenneville',
      phone: '07400 194461',
    });
    await h.verifiedCustomer({ firstName: 'Someone', lastName: 'Else', phone: '07400 777999' });
    const id = String(ada.userId);
    const only = async (q: string) => expect(ids(await search(q)), q).toEqual([id]);
    await only('Adaline'); // first name
    await only('quenneville'); // last name, any case
    await only('Adaline Quenneville'); // full name
    await only('Quenneville Adaline'); // last name first
    await only('  adaline   QUENNEVILLE '); // spaces as typed
    await only(ada.email.toUpperCase()); // email
    await only(ada.username); // username
    await only(ada.accountNumber); // account number
    await only(`${ada.accountNumber.slice(0, 5)} ${ada.accountNumber.slice(5)}`); // grouped
    await only('+44 7400 194461'); // the profile phone, as stored
    await only('(7400) 194-461'); // other punctuation, the same digits
    await only('194461'); // part of the number

    const [item] = (await search(ada.email)).items;
    expect(item).toMatchObject({
      email: ada.email,
      accountNumber: ada.accountNumber,
      phone: '+447400194461',
      kycStatus: 'approved',
      restricted: false,
      freeze: null,
    });
  });

  it('shows the restriction and freeze badges', async () => {
    const c = await h.verifiedCustomer({ firstName: 'Badgey', lastName: 'Holder' });
    await h.freeze(c.userId, 'credits');
    const staff = await h.manager();
    const restricted = await staff.post(`${CUSTOMERS}/${c.userId}/restriction`, {
      head: 'Account under review',
      body: 'Please call us.',
      reason: 'Compliance review opened',
    });
    expect(restricted.statusCode, restricted.body).toBe(200);
    const [item] = (await search('Badgey Holder')).items;
    expect(item).toMatchObject({ restricted: true, freeze: 'credits' });
  });

  it('escapes wildcards, never lists staff, and pages newest first', async () => {
    expect((await search('%')).items).toEqual([]);
    expect(
      (await search('_')).items.every((i) => i.email.includes('_') || i.username.includes('_')),
    ).toBe(true);
    expect((await search('@bank.example')).items).toEqual([]); // staff addresses
    for (const lastName of ['Ash', 'Birch', 'Cedar']) {
      await h.verifiedCustomer({ firstName: 'Pagina', lastName });
    }
    const first = await search('Pagina', '&limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await search('Pagina', `&limit=2&cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const all = [...ids(first), ...ids(second)];
    expect(all).toEqual([...all].sort((a, b) => Number(BigInt(b) - BigInt(a))));
    // An empty box: every customer, newest first.
    const everyone = await search('', '&limit=50');
    expect(everyone.items.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses bad input with a 400, and staff without customers.manage with a 403', async () => {
    const staff = await h.manager();
    for (const query of ['q=' + 'x'.repeat(101), 'cursor=abc', 'limit=0', 'limit=51', 'other=1']) {
      const res = await staff.get(`${CUSTOMERS}?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    const reviewer = await h.staff('kyc_reviewer');
    expect((await reviewer.get(`${CUSTOMERS}?q=a`)).statusCode).toBe(403);
  });
});
