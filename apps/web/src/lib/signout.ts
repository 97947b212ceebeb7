import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from './api';

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

/** Sign out, then the welcome page with its "Logged out!" banner (whatever the server said). */
export function useSignOutToWelcome() {
  const navigate = useNavigate();
  const signout = useSignout();
  return {
    pending: signout.isPending,
    signOut: () =>
      signout.mutate(undefined, {
        onSettled: () => void navigate('/auth', { state: { loggedOut: true } }),
      }),
  };
}
