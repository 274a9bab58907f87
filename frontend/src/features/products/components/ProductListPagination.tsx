import { Button, HTMLSelect } from '@blueprintjs/core';
import { ChevronLeftIcon, ChevronRightIcon } from '@blueprintjs/icons';
import { PAGE_SIZES, type PageSize } from '@stockroom/schema';
import { formatCount } from '../../../lib/format';

export interface ProductListPaginationProps {
  shown: number;
  total: number;
  page: number;
  totalPages: number;
  hasPrevPage: boolean;
  hasNextPage: boolean;
  limit: PageSize;
  onPageChange(page: number): void;
  onLimitChange(limit: PageSize): void;
}

/** 'Showing X of Y products', 'Page N of M', Previous / Next and the page size. */
export function ProductListPagination(props: ProductListPaginationProps) {
  return (
    <nav className="product-pagination" aria-label="Pagination">
      <p className="product-pagination__summary" role="status">
        Showing {formatCount(props.shown)} of {formatCount(props.total)} products
      </p>
      <div className="product-pagination__controls">
        <label className="product-pagination__size">
          <span>Page size</span>
          <HTMLSelect
            value={props.limit}
            options={PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
            onChange={(event) => props.onLimitChange(Number(event.target.value) as PageSize)}
          />
        </label>
        <Button icon={<ChevronLeftIcon />} disabled={!props.hasPrevPage} onClick={() => props.onPageChange(props.page - 1)}>
          Previous
        </Button>
        <span className="product-pagination__page">
          Page {formatCount(props.page)} of {formatCount(Math.max(props.totalPages, 1))}
        </span>
        <Button endIcon={<ChevronRightIcon />} disabled={!props.hasNextPage} onClick={() => props.onPageChange(props.page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
