/** A person's picture, or their initials on a coloured disc when they have none. */
export function Avatar({
  src,
  name,
  size = 'md',
}: {
  src: string | null;
  name: string;
  size?: 'md' | 'lg';
}) {
  const box = size === 'lg' ? 'h-16 w-16 text-xl' : 'h-9 w-9 text-sm';
  if (src) {
    return <img src={src} alt="" className={`${box} shrink-0 rounded-full object-cover`} />;
  }
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
  return (
    <span
      aria-hidden="true"
      className={`${box} inline-flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white`}
    >
      {initials}
    </span>
  );
}
