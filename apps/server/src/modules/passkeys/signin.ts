import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../platform/errors.js';
import { alertOnNewDevice, routeSignedIn, type ClientInfo, type SignedIn } from '../auth/index.js';
import { passkeySignin } from './service.js';
import { PASSKEY_REFUSED } from './webauthn.js';

/**
 * Signing in with a passkey instead of the password: whoever's passkey signed the challenge
 * goes where the password would have taken them (the spec's outcome table), a customer whose
 * email is not verified excepted (a passkey is only added once signed in, so there is none).
 * A staff member's passkey is both factors: the staff session opens.
 */
export async function signInWithPasskey(
  deps: AppDeps,
  response: AuthenticationResponseJSON,
  client: ClientInfo,
): Promise<SignedIn> {
  const user = await passkeySignin(deps, response, { userId: null, ...client });
  if (user.kind === 'customer' && !user.emailVerifiedAt) {
    throw new AppError('UNPROCESSABLE', PASSKEY_REFUSED);
  }
  const result = await routeSignedIn(deps, user, client, 'passkey');
  if (result.session && user.kind === 'customer') await alertOnNewDevice(deps, user, client);
  return result;
}
