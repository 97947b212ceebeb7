/**
 * Adding, renaming and removing the signed-in person's passkeys (customers in Settings, staff
 * in the back office). Each change reads the list again; the server also tells the person's
 * other tabs (the notification kinds passkey.added and passkey.removed, lib/live-refresh.ts).
 */
import { messageSchema, passkeyOptionsSchema, passkeySchema, type Passkey } from '@bank/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { makePasskey } from '../../lib/passkeys';
import { queryKeys } from '../../lib/queries';

const BASE = '/api/v1/passkeys';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/**
 * The server's options (given the account password), the browser's prompt, then the new passkey
 * kept under `name`.
 */
export async function addPasskey({
  name,
  currentPassword,
}: {
  name: string;
  currentPassword: string;
}): Promise<Passkey> {
  const options = await api('POST', `${BASE}/options`, {
    schema: passkeyOptionsSchema,
    body: { currentPassword },
  });
  const response = await makePasskey(options);
  return api('POST', BASE, { schema: passkeySchema, body: { name, response } });
}

function useRefreshPasskeys() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.passkeys });
}

export function useAddPasskey() {
  const refresh = useRefreshPasskeys();
  return useMutation({ mutationFn: addPasskey, onSuccess: refresh });
}

export function useRenamePasskey() {
  const refresh = useRefreshPasskeys();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api('POST', `${one(id)}/name`, { schema: passkeySchema, body: { name } }),
    onSuccess: refresh,
  });
}

export function useRemovePasskey() {
  const refresh = useRefreshPasskeys();
  return useMutation({
    mutationFn: ({ id, currentPassword }: { id: string; currentPassword: string }) =>
      api('POST', `${one(id)}/remove`, { schema: messageSchema, body: { currentPassword } }),
    onSuccess: refresh,
  });
}
