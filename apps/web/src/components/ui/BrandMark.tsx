import { BANK_NAME } from '../../lib/brand';

/** The bank's logo and name, as every page's header shows them. */
export function BrandMark({
  size = 'md',
  nameHiddenOnPhones = false,
}: {
  size?: 'md' | 'lg';
  nameHiddenOnPhones?: boolean;
}) {
  return (
    <span className="flex items-center gap-2">
      <img src="./favicon.svg" alt="" className={size === 'lg' ? 'h-9 w-9' : 'h-8 w-8'} />
      <span
        className={`font-bold tracking-tight ${size === 'lg' ? 'text-xl' : 'text-lg'} ${nameHiddenOnPhones ? 'hidden sm:inline' : ''}`}
      >
        {BANK_NAME}
      </span>
    </span>
  );
}
