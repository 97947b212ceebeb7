import { Button } from '../../../components/ui/Button';
import type { MoreItems } from './queue-pages';

/** Below a list read a page at a time: the button that reads the next page, while there is one. */
export function LoadMore({ more, label = 'Load more' }: { more: MoreItems; label?: string }) {
  if (!more.has) return null;
  return (
    <Button variant="secondary" className="self-start" loading={more.loading} onClick={more.load}>
      {label}
    </Button>
  );
}
