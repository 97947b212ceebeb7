import { KYC_MAX_FILE_BYTES, kycDetailsSchema } from '@bank/contract';
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
 * plus the three documents, checked for presence and size before anything is uploaded.
 */
export const kycFormSchema = kycDetailsSchema.extend({
  pic: documentFile(IMAGE_TYPES, 'JPEG, PNG or WebP'),
  idcardFront: documentFile(ID_TYPES, 'JPEG, PNG, WebP or PDF'),
  idcardBack: documentFile(ID_TYPES, 'JPEG, PNG, WebP or PDF'),
});
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
