import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export async function signout(): Promise<void> {
  await api<unknown>('POST', '/api/v1/auth/signout');
}

/** Signs out, ignoring failures: the person is leaving either way. */
export async function signoutQuietly(): Promise<void> {
  try {
    await signout();
  } catch {
    // Nothing to do: an ended session is what we wanted.
  }
}

export function useSignout() {
  return useMutation({ mutationFn: signoutQuietly });
}
