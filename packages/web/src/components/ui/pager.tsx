import { Button } from './button';

export interface PagerProps {
  /** Zero-based page index. */
  page: number;
  /** Rows per page. */
  limit: number;
  /** Rows across all pages. */
  total: number;
  /** Accessible name of the navigation landmark. */
  label: string;
  /** "first–last of total" text, announced politely when it changes. */
  range: (r: { first: number; last: number; total: number }) => string;
  previousLabel: string;
  nextLabel: string;
  /** Called with the zero-based page to show. */
  onPage: (page: number) => void;
}

/** Previous / next paging with the current row range, for offset-paginated lists. */
export function Pager({ page, limit, total, label, range, previousLabel, nextLabel, onPage }: PagerProps) {
  const first = total === 0 ? 0 : page * limit + 1;
  const last = Math.min(total, (page + 1) * limit);
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-stone-700" aria-live="polite">
        {range({ first, last, total })}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" disabled={page === 0} onClick={() => onPage(page - 1)}>
          {previousLabel}
        </Button>
        <Button variant="secondary" disabled={last >= total} onClick={() => onPage(page + 1)}>
          {nextLabel}
        </Button>
      </div>
    </nav>
  );
}
