/**
 * What a transfer costs, the same arithmetic on the server (which charges it) and in the send
 * form (which shows it as soon as an amount is typed): exact integers on minor units.
 */

/** The smallest transfer (1.00): below it a percent charge rounds to nothing. */
export const MIN_TRANSFER_AMOUNT = 100n;

/**
 * The service charge on an amount: `feeBp` basis points of it (1000 = 10 %), to the nearest
 * cent, halves rounded up.
 */
export function serviceCharge(amount: bigint, feeBp: number): bigint {
  return (amount * BigInt(feeBp) + 5_000n) / 10_000n;
}

/**
 * The rate a transfer is charged at (PRODUCT.md): the plan's for a transfer to another bank,
 * nothing for one to a customer of this bank.
 */
export function transferChargeBp(planChargeBp: number, internal: boolean): number {
  return internal ? 0 : planChargeBp;
}

/** The charge and what the recipient gets, for an amount at a rate. */
export function transferQuote(amount: bigint, feeBp: number): { fee: bigint; received: bigint } {
  const fee = serviceCharge(amount, feeBp);
  return { fee, received: amount - fee };
}
