import { BANK_NAME } from '../../lib/brand';

/** The bank's logo and name, and under the name that this is its back office. */
export function BackOfficeMark() {
  return (
    <span className="flex items-center gap-2.5">
      <img src="./favicon.svg" alt="" className="h-8 w-8 shrink-0" />
      <span className="flex flex-col leading-tight whitespace-nowrap">
        <span className="font-bold tracking-tight">{BANK_NAME}</span>
        <span className="text-[0.6875rem] font-semibold tracking-wider text-slate-400 uppercase">
          Back office
        </span>
      </span>
    </span>
  );
}
