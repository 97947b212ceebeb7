import { formatMoney } from '@bank/contract';

/** An amount, or asterisks (named "hidden" for screen readers) while amounts are hidden. */
export function MaskedAmount({
  minor,
  currency,
  shown,
}: {
  minor: string;
  currency: string;
  shown: boolean;
}) {
  if (shown) return <>{formatMoney(BigInt(minor), currency)}</>;
  return (
    <>
      <span aria-hidden="true">****</span>
      <span className="sr-only">Hidden</span>
    </>
  );
}
