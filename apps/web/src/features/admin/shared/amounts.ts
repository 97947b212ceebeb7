import { toDecimalString } from '@bank/contract';

/**
 * Minor units ("-175151") as the books print them, without a currency sign: "-1,751.51",
 * "0.00". Exact (no floating point), with thousands grouped; the currency is said beside it.
 */
export function bookAmount(minor: string | bigint): string {
  const text = toDecimalString(BigInt(minor));
  const negative = text.startsWith('-');
  const [whole = '0', cents = '00'] = (negative ? text.slice(1) : text).split('.');
  return `${negative ? '−' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}
