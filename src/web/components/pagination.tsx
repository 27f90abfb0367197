import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../lib/utils';
import { Button } from './ui/button';

/** Spec 9: up to 5 page buttons, starting 2 before the current page. */
export const PAGE_WINDOW = 5;

/** The page numbers to show as buttons: from 2 before the current page, at most 5, never past the last page. */
export function pageWindow(page: number, totalPages: number): number[] {
  const first = Math.max(1, page - 2);
  const last = Math.min(totalPages, first + PAGE_WINDOW - 1);
  const pages: number[] = [];
  for (let n = first; n <= last; n++) pages.push(n);
  return pages;
}

interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. 'Sessions pages'. */
  label: string;
  className?: string;
}

/** Previous, a window of page buttons, Next and 'Page X of Y'; shown only when there is more than one page. */
export function Pagination({ page, totalPages, onPageChange, label, className }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className={cn('flex flex-wrap items-center justify-between gap-3', className)}>
      <p className="text-sm text-slate-700" aria-live="polite">
        Page {page} of {totalPages}
      </p>
      <div className="flex flex-wrap items-center gap-1">
        <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        {pageWindow(page, totalPages).map((n) => (
          <Button
            key={n}
            variant={n === page ? 'default' : 'ghost'}
            size="sm"
            className="min-w-9 px-2"
            aria-current={n === page ? 'page' : undefined}
            aria-label={`Page ${n}`}
            onClick={() => onPageChange(n)}
          >
            {n}
          </Button>
        ))}
        <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= totalPages}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
