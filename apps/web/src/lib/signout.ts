import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api, NO_CONTENT } from './api';

export const SIGNOUT_FAILED_MESSAGE = 'We could not sign you out. Please try again.';

export async function signout(): Promise<void> {
  await api('POST', '/api/v1/auth/signout', { schema: NO_CONTENT });
}

/** Signs out, ignoring failures: for pages whose session the server has already ended. */
export async function signoutQuietly(): Promise<void> {
  try {
    await signout();
  } catch {
    // Nothing to do: there is no live session behind these pages.
  }
}

/**
 * Sign out, forget everything read while signed in, then the welcome page with "Logged out!".
 * From a live session (dashboard, back office) a failed sign-out is reported and the person stays:
 * the cookie may still be valid, so "Logged out!" would be untrue. `quiet` is for the onboarding
 * pages, whose session the server ended already (KYC submitted, restriction notice).
 */
export function useSignOutToWelcome({ quiet = false }: { quiet?: boolean } = {}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: quiet ? signoutQuietly : signout,
    onSuccess: () => {
      queryClient.removeQueries();
      void navigate('/auth', { state: { loggedOut: true } });
    },
  });
  const { mutate } = mutation;
  // Stable, so that parts of the page holding data need not render again while signing out.
  const signOut = useCallback(() => mutate(), [mutate]);
  return { pending: mutation.isPending, failed: mutation.isError, signOut };
}
