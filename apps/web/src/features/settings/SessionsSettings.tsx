import { messageSchema } from '@bank/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Monitor } from 'lucide-react';
import { z } from 'zod';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { LoadFailed, Loading } from '../../components/ui/QueryStatus';
import { api, errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { queries, queryKeys } from '../../lib/queries';
import { Section } from './Section';

/** The browsers signed in to the account: device, rough place, last use; sign out others. */
export function SessionsSettings() {
  const queryClient = useQueryClient();
  const sessions = useQuery(queries.sessions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
  // What was just done, said where the pressed button was (it is gone with its row).
  const [done, setDone] = useState<string | null>(null);
  const endOne = useMutation({
    mutationFn: (session: { id: string; device: string }) =>
      api('POST', `/api/v1/settings/sessions/${encodeURIComponent(session.id)}/end`, {
        schema: messageSchema,
      }),
    onMutate: () => setDone(null),
    // Said once the list no longer shows it: the message then takes the keyboard focus.
    onSuccess: async (_answer, session) => {
      await refresh();
      setDone(`Signed out of ${session.device}.`);
    },
    onError: refresh,
  });
  const endOthers = useMutation({
    mutationFn: () =>
      api('POST', '/api/v1/settings/sessions/end-others', {
        schema: z.object({ ended: z.number() }),
      }),
    onMutate: () => setDone(null),
    onSuccess: async ({ ended }) => {
      await refresh();
      setDone(`Signed out of ${ended === 1 ? 'one other browser' : `${ended} other browsers`}.`);
    },
    onError: refresh,
  });
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <Section
      icon={Monitor}
      title="Signed-in browsers"
      description="Where your account is open now. Sign out any you do not recognise, then change your password."
    >
      {done && <Banner tone="success">{done}</Banner>}
      {(endOne.isError || endOthers.isError) && (
        <Banner tone="error">
          {errorMessage(endOne.error ?? endOthers.error, 'Something went wrong')}
        </Banner>
      )}
      {sessions.data ? (
        <>
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {sessions.data.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-medium">
                    {s.device}
                    {s.current && (
                      <span className="ml-2 rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-950 dark:text-green-200">
                        This browser
                      </span>
                    )}
                  </p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {s.place} · last used{' '}
                    <time dateTime={s.lastUsedAt}>{formatDateTime(s.lastUsedAt)}</time>
                  </p>
                </div>
                {!s.current && (
                  <Button
                    variant="secondary"
                    loading={endOne.isPending && endOne.variables.id === s.id}
                    onClick={() => endOne.mutate({ id: s.id, device: s.device })}
                  >
                    Sign out<span className="sr-only"> {s.device}</span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {others > 0 && (
            <Button
              variant="secondary"
              className="mt-3"
              loading={endOthers.isPending}
              onClick={() => endOthers.mutate()}
            >
              Sign out all other browsers
            </Button>
          )}
        </>
      ) : sessions.isError ? (
        <LoadFailed
          error={sessions.error}
          retrying={sessions.isFetching}
          onRetry={() => void sessions.refetch()}
        />
      ) : (
        <Loading label="Loading your browsers…" />
      )}
    </Section>
  );
}
