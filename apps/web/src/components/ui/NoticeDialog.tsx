import type { TransferNotice } from '@bank/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { ApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/**
 * What a refusal asks of the page: a 401 is a session that ended (asking again who is signed in
 * lets the guard take the customer to sign-in), and a refusal with a notice (a limit, a
 * restriction, a flow that expired) is read in the notice dialog. Returns that notice, if any.
 */
export function useRefusalNotice() {
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown): TransferNotice | null => {
      if (!(error instanceof ApiError)) return null;
      if (error.status === 401) void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      return error.notice;
    },
    [queryClient],
  );
}

/**
 * The spec's notice (trx_notif): the server's title and body with an Okay button. Okay, Escape
 * and the close button alike lead where `onOkay` says (back to the send form).
 */
export function NoticeDialog({
  notice,
  onOkay,
}: {
  notice: TransferNotice | null;
  onOkay: () => void;
}) {
  return (
    <Dialog
      open={notice !== null}
      onOpenChange={(open) => {
        if (!open) onOkay();
      }}
      title={notice?.title ?? ''}
      description={notice?.body ?? ''}
    >
      <div className="flex justify-end">
        <Button onClick={onOkay}>Okay</Button>
      </div>
    </Dialog>
  );
}
