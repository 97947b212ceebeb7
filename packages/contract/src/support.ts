import { z } from 'zod';
import { emailSchema } from './auth.js';
import { textSchema } from './text.js';

/** How to reach support (spec: contact; whatsapp, email, phone): null is not offered. */
export const supportContactsSchema = z
  .object({
    whatsapp: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  })
  .meta({ id: 'SupportContacts' });
export type SupportContacts = z.infer<typeof supportContactsSchema>;

const optionalPhone = textSchema()
  .trim()
  .max(30)
  .refine((v) => v === '' || /^\+[1-9][0-9 ()-]{6,24}$/.test(v), {
    message: 'Enter the number in international form, starting with +',
  })
  .transform((v) => (v === '' ? null : v.replace(/[ ()-]/g, '')));

/** Staff publish the contacts (catalog.manage); an empty field takes that channel away. */
export const updateSupportContactsSchema = z
  .strictObject({
    whatsapp: optionalPhone,
    email: z.union([z.literal('').transform(() => null), emailSchema]),
    phone: optionalPhone,
  })
  .meta({ id: 'UpdateSupportContactsRequest' });
export type UpdateSupportContactsRequest = z.input<typeof updateSupportContactsSchema>;

/**
 * Every product a region may or may not have (PRODUCT.md principle 6). `offered: false` ones
 * are not built by this bank and are unavailable everywhere; staff switch the others off
 * country by country.
 */
export const PRODUCTS = {
  crypto_deposit: { label: 'Crypto deposit', offered: true },
  make_payment: { label: 'Make payment', offered: true },
  fixed_deposit: { label: 'Fixed deposit', offered: true },
  bank_transfer: { label: 'Bank transfer', offered: true },
  upgrade: { label: 'Upgrade account', offered: true },
  loan: { label: 'Loan', offered: false },
  credit_card: { label: 'Credit card', offered: false },
  pay_bills: { label: 'Pay bills', offered: false },
  funding_bank_transfer: { label: 'Deposit by bank transfer', offered: false },
  funding_card: { label: 'Card deposit', offered: false },
  funding_cash: { label: 'Cash deposit', offered: false },
} as const;
export type Product = keyof typeof PRODUCTS;
export const PRODUCT_KEYS = Object.keys(PRODUCTS) as Product[];

/** What the signed-in customer can use where they live. */
export const availabilitySchema = z
  .object({ available: z.record(z.enum(PRODUCT_KEYS), z.boolean()) })
  .meta({ id: 'Availability' });
export type Availability = z.infer<typeof availabilitySchema>;

/** Staff view: each product, whether the bank offers it, and where it is switched off. */
export const productAvailabilityListSchema = z
  .object({
    items: z.array(
      z.object({
        product: z.enum(PRODUCT_KEYS),
        label: z.string(),
        offered: z.boolean(),
        unavailableCountries: z.array(z.string()),
      }),
    ),
  })
  .meta({ id: 'ProductAvailabilityList' });

export const updateProductAvailabilitySchema = z
  .strictObject({
    unavailableCountries: z
      .array(textSchema().regex(/^[A-Z]{2}$/, 'Choose countries from the list'))
      .max(300),
  })
  .meta({ id: 'UpdateProductAvailabilityRequest' });
