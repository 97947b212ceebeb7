import type { CustomerSearchPage } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { currentAccountNumbers, findAccount } from '../../ledger/index.js';
import { ownersOfPhone, phonesOf } from '../profile/index.js';
import { standing } from '../users/index.js';
import { freezeScope } from './views.js';

/** The most customers a phone number's digits may point at (the rest: type more digits). */
const PHONE_MATCHES = 200;
const PHONE_LIKE = /^\+?[\d\s().-]+$/;

/**
 * The back office's one search box: a name (either order), an email, a username, a profile phone
 * number (any 4 or more of its digits, however typed) or an account number (exact). Newest
 * customers first, a page at a time; an empty box lists every customer.
 */
export async function searchCustomers(
  deps: AppDeps,
  query: { q: string; cursor?: string | undefined; limit: number },
): Promise<CustomerSearchPage> {
  const text = query.q.replace(/\s+/g, ' ').trim();
  const alsoIds: bigint[] = [];
  const compact = text.replace(/[\s-]/g, '');
  if (/^\d{10}$/.test(compact)) {
    const account = await findAccount(deps.db, { accountNumber: compact });
    if (account?.ownerId) alsoIds.push(account.ownerId);
  }
  if (PHONE_LIKE.test(text)) {
    const digits = text.replace(/\D/g, '');
    if (digits.length >= 4) alsoIds.push(...(await ownersOfPhone(deps.db, digits, PHONE_MATCHES)));
  }
  const rows = await standing.searchCustomers(deps.db, {
    text,
    alsoIds,
    ...(query.cursor ? { before: BigInt(query.cursor) } : {}),
    limit: query.limit,
  });
  const page = rows.slice(0, query.limit);
  const ids = page.map((r) => r.id);
  const [phones, accounts] = await Promise.all([
    phonesOf(deps.db, ids),
    currentAccountNumbers(deps.db, ids, deps.config.currency),
  ]);
  const items = page.map((r) => ({
    id: String(r.id),
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    username: r.username,
    phone: phones.get(r.id) ?? null,
    accountNumber: accounts.get(r.id) ?? null,
    kycStatus: r.kycStatus,
    restricted: r.restrictionHead !== null,
    freeze: freezeScope(r),
    createdAt: r.createdAt.toISOString(),
  }));
  return { items, nextCursor: rows.length > query.limit ? (items.at(-1)?.id ?? null) : null };
}
