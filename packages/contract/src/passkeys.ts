import { z } from 'zod';

/**
 * Passkeys (WebAuthn, decision 0033): added in Settings, used to sign in without the password
 * and to approve a transfer bound to its amount and payee. The browser's WebAuthn JSON passes
 * through as @simplewebauthn/browser makes and reads it; each field is bounded here.
 */

export const PASSKEY_NAME_MAX = 60;
/** A person may keep this many passkeys (removed ones do not count). */
export const PASSKEYS_PER_PERSON = 10;

export const passkeyNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the passkey a name')
  .max(PASSKEY_NAME_MAX, `Keep the name to ${PASSKEY_NAME_MAX} characters`);

export const passkeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    createdAt: z.iso.datetime(),
    /** When it last signed in or approved a transfer; null if never. */
    lastUsedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z
  .object({ items: z.array(passkeySchema) })
  .meta({ id: 'PasskeyList' });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/** Base64url text of `min` to `max` characters (the lengths in the pattern too, for fuzzing). */
const base64url = (max: number, min = 0) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(new RegExp(`^[A-Za-z0-9_-]{${min},${max}}$`), 'Not base64url');

/**
 * Options for `navigator.credentials.create` or `.get` as JSON (the server library's
 * PublicKeyCredentialCreationOptionsJSON or RequestOptionsJSON): passed whole to the browser.
 */
export const passkeyOptionsSchema = z
  .looseObject({ challenge: base64url(128) })
  .meta({ id: 'PasskeyOptions' });
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

const clientExtensionResults = z.record(z.string(), z.unknown());
const attachment = z.enum(['platform', 'cross-platform']).optional();

/** What the browser answers to `navigator.credentials.create` (RegistrationResponseJSON). */
export const passkeyRegistrationSchema = z
  .object({
    id: base64url(1366, 16),
    rawId: base64url(1366, 16),
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: base64url(4096),
      attestationObject: base64url(16_384),
      authenticatorData: base64url(16_384).optional(),
      transports: z.array(z.string().max(32)).max(10).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: base64url(4096).optional(),
    }),
    authenticatorAttachment: attachment,
    clientExtensionResults,
  })
  .meta({ id: 'PasskeyRegistration' });

/** What the browser answers to `navigator.credentials.get` (AuthenticationResponseJSON). */
export const passkeyAssertionSchema = z
  .object({
    id: base64url(1366, 16),
    rawId: base64url(1366, 16),
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: base64url(4096),
      authenticatorData: base64url(16_384),
      signature: base64url(2048),
      userHandle: base64url(128).optional(),
    }),
    authenticatorAttachment: attachment,
    clientExtensionResults,
  })
  .meta({ id: 'PasskeyAssertion' });

// The bodies are strict: a field the server does not know is a 400 before anything is checked.
export const addPasskeySchema = z
  .strictObject({ name: passkeyNameSchema, response: passkeyRegistrationSchema })
  .meta({ id: 'AddPasskey' });

export const renamePasskeySchema = z
  .strictObject({ name: passkeyNameSchema })
  .meta({ id: 'RenamePasskey' });

export const removePasskeySchema = z
  .strictObject({ currentPassword: z.string().min(1, 'Enter your password').max(200) })
  .meta({ id: 'RemovePasskey' });

export const passkeyAssertionBodySchema = z
  .strictObject({ response: passkeyAssertionSchema })
  .meta({ id: 'PasskeyAssertionBody' });
