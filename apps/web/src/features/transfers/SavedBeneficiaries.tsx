import type { Beneficiary } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Avatar } from '../../components/ui/Avatar';
import { cardClass } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { LoadFailed } from '../../components/ui/QueryStatus';
import { errorMessage } from '../../lib/api';
import { countryName } from '../../lib/countries';
import { queries } from '../../lib/queries';
import { useRemoveBeneficiary } from './api/remove-beneficiary';

/** "ending 6789": enough of an account number to tell two recipients apart. */
export function accountEnding(accountNumber: string): string {
  return `ending ${accountNumber.slice(-4)}`;
}

/**
 * The recipients saved from earlier transfers (PRODUCT.md: saved beneficiaries): choosing one
 * fills the form's recipient details; each can be removed, after a confirmation. Nothing is
 * shown until there is one.
 */
export function SavedBeneficiaries({ onUse }: { onUse: (beneficiary: Beneficiary) => void }) {
  const beneficiaries = useQuery(queries.beneficiaries());
  const remove = useRemoveBeneficiary();
  const [removing, setRemoving] = useState<Beneficiary | null>(null);
  const [removed, setRemoved] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  if (beneficiaries.isPending || beneficiaries.data?.length === 0) return null;

  const confirmRemoval = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        setRemoved(`${removing.accountHolderName} was removed from your beneficiaries.`);
        setRemoving(null);
        // The row and its button are gone: the list's heading carries the focus on.
        headingRef.current?.focus();
      },
    });
  };

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
        Saved beneficiaries
      </h2>
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {removed ?? 'Choose one to fill in the recipient’s details.'}
      </p>
      {beneficiaries.isError ? (
        <div className="mt-3">
          <LoadFailed
            error={beneficiaries.error}
            retrying={beneficiaries.isFetching}
            onRetry={() => void beneficiaries.refetch()}
          />
        </div>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {beneficiaries.data.map((b) => (
            <li
              key={b.id}
              className="flex items-stretch overflow-hidden rounded-xl ring-1 ring-slate-200 dark:ring-slate-800"
            >
              <button
                type="button"
                onClick={() => onUse(b)}
                className="flex min-h-14 min-w-0 flex-1 items-center gap-3 p-3 text-left hover:bg-brand-50 focus-visible:bg-brand-50 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800"
              >
                <Avatar src={null} name={b.accountHolderName} />
                <span className="min-w-0">
                  <span className="block font-semibold break-words">
                    <span className="sr-only">Use </span>
                    {b.accountHolderName}
                  </span>
                  <span className="block text-sm break-words text-slate-700 dark:text-slate-300">
                    {b.bank}, {countryName(b.country)} · {accountEnding(b.accountNumber)}
                  </span>
                </span>
              </button>
              <button
                type="button"
                onClick={() => {
                  remove.reset();
                  setRemoving(b);
                }}
                aria-label={`Remove ${b.accountHolderName}, ${accountEnding(b.accountNumber)}`}
                className="inline-flex min-w-11 shrink-0 items-center justify-center border-l border-slate-200 px-3 text-slate-600 hover:bg-red-50 hover:text-red-800 dark:border-slate-800 dark:text-slate-300 dark:hover:bg-red-950 dark:hover:text-red-200"
              >
                <Trash2 aria-hidden="true" className="h-5 w-5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove this beneficiary?"
        description={
          removing &&
          `${removing.accountHolderName}, ${removing.bank}, account ${accountEnding(removing.accountNumber)}. Transfers already made to them are not changed.`
        }
        confirmLabel="Remove"
        onConfirm={confirmRemoval}
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, 'Something went wrong') : null}
        returnFocus={!remove.isSuccess}
      />
    </section>
  );
}
