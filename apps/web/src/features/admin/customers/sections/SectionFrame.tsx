import { useId, type ReactNode } from 'react';
import { mutedClass } from '../../shared/cells';

/** One section of the customer page: its heading (h2), what it shows, and its content. */
export function SectionFrame({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div>
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {intro && <p className={`mt-1 text-sm ${mutedClass}`}>{intro}</p>}
      </div>
      {children}
    </section>
  );
}
