import { z } from 'zod';
import { entry, event, type EventSpec } from './define.js';

/** The four kinds of funding-catalog entry and the four things done to them. */
const catalogEntryEvents = (target: string, label: string) => ({
  [`catalog.${target}.add`]: event(target, `${label} added`, { after: entry }),
  [`catalog.${target}.edit`]: event(target, `${label} edited`, { before: entry, after: entry }),
  [`catalog.${target}.retire`]: event(target, `${label} retired`, { before: entry, after: entry }),
  [`catalog.${target}.restore`]: event(target, `${label} restored`, {
    before: entry,
    after: entry,
  }),
});

/** A crypto type's rate as audited: null fields when none was set (or it was taken away). */
const cryptoRate = z.object({
  name: z.string(),
  perCoin: z.string().nullable(),
  symbol: z.string().nullable(),
  decimals: z.number().nullable(),
  setAt: z.string().nullable(),
});

export const catalogEvents = {
  // The catalog
  'catalog.document_type.add': event('document_type', 'Document type added', {
    after: z.object({ name: z.string(), active: z.boolean() }),
  }),
  'catalog.document_type.retire': event('document_type', 'Document type retired', {
    before: z.object({ name: z.string(), active: z.boolean() }),
    after: z.object({ name: z.string(), active: z.boolean() }),
  }),
  'catalog.document_type.restore': event('document_type', 'Document type restored', {
    before: z.object({ name: z.string(), active: z.boolean() }),
    after: z.object({ name: z.string(), active: z.boolean() }),
  }),
  ...catalogEntryEvents('crypto_type', 'Crypto type'),
  // A coin's rate (decision 27): one person's change, audited with what it was and became.
  'catalog.crypto_type.rate': event('crypto_type', 'Crypto type rate set', {
    before: cryptoRate,
    after: cryptoRate,
  }),
  ...catalogEntryEvents('payment_purpose', 'Payment purpose'),
  ...catalogEntryEvents('fixed_deposit_plan', 'Fixed-deposit plan'),
  ...catalogEntryEvents('account_plan', 'Account plan'),
  'catalog.institution.update': event('institution', 'Institution details changed', {
    before: entry,
    after: entry,
  }),
  'catalog.support_contacts.update': event('support_contacts', 'Support contacts changed', {
    before: entry,
    after: entry,
  }),
  'catalog.availability.update': event('product', 'Region availability changed', {
    before: z.object({ unavailableCountries: z.array(z.string()) }),
    after: z.object({ unavailableCountries: z.array(z.string()) }),
  }),
} satisfies Record<string, EventSpec>;
