import { Button, HTMLSelect } from '@blueprintjs/core';
import { ChevronLeftIcon, ChevronRightIcon } from '@blueprintjs/icons';
import { PAGE_SIZES, type PageSize } from '@stockroom/schema';
import type { PaginationDetailsFragment } from '@stockroom/schema/generated/graphql';
import { formatCount } from '../lib/format';

export interface ListPaginationProps {
  /** What the list holds, plural: 'Showing 3 of 12 products'. */
  noun: string;
  /** How many rows this page shows. */
  shown: number;
  pagination: PaginationDetailsFragment;
  onPageChange(page: number): void;
  /** Offer a page size choice (PAGE_SIZES, up to the most the server returns) when given. */
  pageSize?: { limit: PageSize; onChange(limit: PageSize): void };
}

/**
 * 'Showing X of Y {noun}' ('of about Y' when the server estimated the total), 'Page N of M',
 * Previous / Next, and optionally the page size.
 */
export function ListPagination({ noun, shown, pagination, onPageChange, pageSize }: ListPaginationProps) {
  const total = `${pagination.totalIsEstimate ? 'about ' : ''}${formatCount(pagination.total)}`;
  return (
    <nav className="list-pagination" aria-label="Pagination">
      <p className="list-pagination__summary" role="status">
        Showing {formatCount(shown)} of {total} {noun}
      </p>
      <div className="list-pagination__controls">
        {pageSize && (
          <label className="list-pagination__size">
            <span>Page size</span>
            <HTMLSelect
              value={pageSize.limit}
              options={PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
              onChange={(event) => pageSize.onChange(Number(event.target.value) as PageSize)}
            />
          </label>
        )}
        <Button icon={<ChevronLeftIcon />} disabled={!pagination.hasPrevPage} onClick={() => onPageChange(pagination.page - 1)}>
          Previous
        </Button>
        <span className="list-pagination__page">
          Page {formatCount(pagination.page)} of {formatCount(Math.max(pagination.totalPages, 1))}
        </span>
        <Button endIcon={<ChevronRightIcon />} disabled={!pagination.hasNextPage} onClick={() => onPageChange(pagination.page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
