import { formatMoney, type StaffFundingRequest, personName } from '@bank/contract';

/** What confirming moves, by kind (decision 18's table), in words. */
function effect(r: StaffFundingRequest, amount: string): string {
  const name = personName(r.customer);
  switch (r.kind) {
    case 'deposit':
      return `${amount} is credited to ${name}'s current account.`;
    case 'payment':
      return `${amount} is recorded as ${name}'s payment${r.subject ? ` for ${r.subject}` : ''}.`;
    case 'fixed_deposit':
      return `A fixed deposit of ${amount} opens for ${name}${r.subject ? ` on the ${r.subject} plan` : ''}, starting today.`;
    case 'upgrade':
      return `${name} moves to the ${r.subject ?? 'new'} plan, paid with ${amount}.`;
  }
}

/**
 * The confirmation dialog's words: the amount that will move and what it does, and plainly
 * when it is not what the customer claimed.
 */
export function ConfirmSummary({
  request,
  received,
}: {
  request: StaffFundingRequest;
  received: bigint;
}) {
  const money = (minor: bigint) => formatMoney(minor, request.currency);
  const claimed = BigInt(request.claimedAmount);
  const difference = received - claimed;
  const amount = money(received);
  return (
    <>
      {difference !== 0n && (
        <span className="mb-2 block font-semibold">
          The customer claimed {money(claimed)}, but you are confirming {amount}:{' '}
          {money(difference < 0n ? -difference : difference)} {difference < 0n ? 'less' : 'more'}{' '}
          than claimed. They are told both amounts.
        </span>
      )}
      {received >= BigInt(request.dualControlThreshold) || difference > 0n ? (
        <span className="block">
          This needs a second person: it is sent for approval, and nothing moves until another
          reviewer approves it. Then: {effect(request, amount)} The customer sees the request
          pending meanwhile.
        </span>
      ) : (
        <span className="block">{effect(request, amount)} This cannot be undone.</span>
      )}
    </>
  );
}
