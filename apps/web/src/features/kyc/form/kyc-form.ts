import { KYC_MAX_FILE_BYTES, checkPhone, kycDetailsSchema } from '@bank/contract';
import { z } from 'zod';
import type { KycFileField } from '../api/submit-kyc';

export const MAX_FILE_MB = Math.round(KYC_MAX_FILE_BYTES / (1024 * 1024));

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';
const ID_TYPES = `${IMAGE_TYPES},application/pdf`;

/**
 * A chosen file: present, within the size limit and, by the type the browser gives it, one of
 * `types` (the server judges the content itself; this spares a round trip for a wrong kind).
 */
const documentFile = (types: string, words: string) =>
  z
    .instanceof(File, { error: 'Choose a file' })
    .refine((file) => types.split(',').includes(file.type), `Choose a ${words} file`)
    .refine(
      (file) => file.size <= KYC_MAX_FILE_BYTES,
      `The file is too large: the limit is ${MAX_FILE_MB} MB`,
    );

/**
 * The identity check form: the contract's rules for the details (the server applies the same),
 * the phone checked with the chosen country as the server checks it (`checkPhone`: what to fix,
 * not just "wrong"), plus the three documents, checked for presence and size before anything
 * is uploaded. The phone's check runs even while other fields are still wrong, so every message
 * shows at the first submit.
 */
export const kycFormSchema = kycDetailsSchema
  .extend({
    pic: documentFile(IMAGE_TYPES, 'JPEG, PNG or WebP'),
    idcardFront: documentFile(ID_TYPES, 'JPEG, PNG, WebP or PDF'),
    idcardBack: documentFile(ID_TYPES, 'JPEG, PNG, WebP or PDF'),
  })
  .superRefine(
    (values, ctx) => {
      // An empty phone is the field's own rule to say ("Enter your phone number").
      if (typeof values.phone !== 'string' || values.phone.trim() === '') return;
      const phone = checkPhone(
        values.phone,
        typeof values.country === 'string' ? values.country : '',
      );
      if (!phone.ok) ctx.addIssue({ code: 'custom', path: ['phone'], message: phone.message });
    },
    { when: () => true },
  );
export type KycFormValues = z.input<typeof kycFormSchema>;
export type KycFormOutput = z.output<typeof kycFormSchema>;

/** Every field the server may name in an error (`body.<field>`), details and files alike. */
export const KYC_FORM_FIELDS = Object.keys(kycFormSchema.shape) as (keyof KycFormValues)[];

export const DOCUMENT_INPUTS: {
  name: KycFileField;
  label: string;
  accept: string;
  hint: string;
}[] = [
  {
    name: 'pic',
    label: 'A photo of yourself',
    accept: IMAGE_TYPES,
    hint: `JPEG, PNG or WebP; up to ${MAX_FILE_MB} MB.`,
  },
  {
    name: 'idcardFront',
    label: 'ID front',
    accept: ID_TYPES,
    hint: `JPEG, PNG or WebP, or PDF; up to ${MAX_FILE_MB} MB.`,
  },
  {
    name: 'idcardBack',
    label: 'ID back',
    accept: ID_TYPES,
    hint: `JPEG, PNG or WebP, or PDF; up to ${MAX_FILE_MB} MB.`,
  },
];
