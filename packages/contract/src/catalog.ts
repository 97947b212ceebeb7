import { z } from 'zod';

/** The spec's one fixed document type: always offered, never retired. */
export const ALWAYS_OFFERED_DOCUMENT_TYPE = "Driver's License";

export const documentTypeNameSchema = z
  .string()
  .trim()
  // Compatibility forms folded (fullwidth letters, ligatures), and the apostrophes and quotes
  // that look alike made one, so "Driver’s License" is the same name as "Driver's License".
  .normalize('NFKC')
  .transform((name) =>
    name.replace(/[\u2018\u2019\u02bc\u0060\u00b4]/g, "'").replace(/ {2,}/g, ' '),
  )
  .pipe(
    z
      .string()
      .min(2, 'Use 2 to 60 characters')
      .max(60, 'Use 2 to 60 characters')
      // No control or invisible format characters (zero-width, bidi overrides): names must
      // look like what they are.
      // Nor line or paragraph separators.
      .regex(/^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u, 'Use letters, digits and punctuation only'),
  );

/** What staff send to add a document type to the catalog. */
export const newDocumentTypeSchema = z
  .object({ name: documentTypeNameSchema })
  .meta({ id: 'NewDocumentType' });

/** A document type in the catalog, as staff manage it. */
export const documentTypeSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** Offered to customers submitting identity documents. */
    active: z.boolean(),
    /** Driver's License: always offered (spec), so it cannot be retired. */
    fixed: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'DocumentType' });
export type DocumentType = z.infer<typeof documentTypeSchema>;

export const documentTypeListSchema = z
  .object({ items: z.array(documentTypeSchema) })
  .meta({ id: 'DocumentTypeList' });
