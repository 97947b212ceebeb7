import { useMutation, useQueryClient } from '@tanstack/react-query';
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

/** Signs out and forgets who was signed in, so no page shows them afterwards. */
export function useSignout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signoutQuietly,
    onSettled: () => queryClient.removeQueries(),
  });
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
