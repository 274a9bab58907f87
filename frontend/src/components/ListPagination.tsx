import { Button, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { ChevronLeftIcon, ChevronRightIcon, DoubleChevronLeftIcon, DoubleChevronRightIcon } from '@blueprintjs/icons';
import { PAGE_SIZES, Rules, type PageSize } from '@stockroom/schema';
import type { PaginationDetailsFragment } from '@stockroom/schema/generated/graphql';
import { useEffect, useId, useState, type FormEvent, useRef } from 'react';
import { formatCount } from '../lib/format';
import './ListPagination.css';

export interface ListPaginationProps {
  /** What the list holds, plural: 'Showing 3 of 12 products'. */
  noun: string;
  /** How many rows this page shows. */
  shown: number;
  pagination: PaginationDetailsFragment;
  onPageChange(page: number): void;
  /** Offer a page size choice (PAGE_SIZES, up to the most the server returns) when given. */
  pageSize?: { limit: PageSize; onChange(limit: PageSize): void };
  /** The navigation's name; a page with two paged lists names each ('Pages of lines'). */
  label?: string;
}

/**
 * A page number to go to. What is typed is only a draft until Go or Enter;
 * a number past either end goes to that end, anything else is put back to
 * the current page.
 */
function PageJump({ page, lastPage, onPageChange }: { page: number; lastPage: number; onPageChange(page: number): void }) {
  const id = useId();
  const [draft, setDraft] = useState(String(page));
  // A new page shown puts its number in the box, unless something else was typed there meanwhile (a page that loads must not erase it).
  const shown = useRef(page);
  useEffect(() => {
    setDraft((current) => (current === String(shown.current) ? String(page) : current));
    shown.current = page;
  }, [page]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!/^\d{1,9}$/.test(text)) {
      setDraft(String(page));
      return;
    }
    const target = Math.min(Math.max(Number(text), 1), lastPage);
    setDraft(String(target));
    // Asked for even when it is the page shown: that page may be on its way out (a jump just made is still loading).
    onPageChange(target);
  };

  return (
    <form className="list-pagination__jump" onSubmit={submit}>
      <label htmlFor={id}>Go to page</label>
      <InputGroup
        id={id}
        className="list-pagination__jump-input"
        inputMode="numeric"
        autoComplete="off"
        maxLength={9}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      <Button type="submit">Go</Button>
    </form>
  );
}

/**
 * 'Showing X of Y {noun}' ('of about Y' when the server estimated the total), 'Page N of M',
 * First / Previous / Next / Last, a page number to go to, and optionally the page size.
 */
export function ListPagination({ noun, shown, pagination, onPageChange, pageSize, label = 'Pagination' }: ListPaginationProps) {
  const total = `${pagination.totalIsEstimate ? 'about ' : ''}${formatCount(pagination.total)}`;
  // The server refuses pages past Rules.page.max, however long an estimated list is.
  const lastPage = Math.min(Math.max(pagination.totalPages, 1), Rules.page.max);
  return (
    <nav className="list-pagination" aria-label={label}>
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
        {lastPage > 1 && <PageJump page={pagination.page} lastPage={lastPage} onPageChange={onPageChange} />}
        <div className="list-pagination__pager">
          <Button
            className="list-pagination__end"
            icon={<DoubleChevronLeftIcon />}
            aria-label="First page"
            title="First page"
            disabled={!pagination.hasPrevPage}
            onClick={() => onPageChange(1)}
          />
          <Button icon={<ChevronLeftIcon />} disabled={!pagination.hasPrevPage} onClick={() => onPageChange(pagination.page - 1)}>
            Previous
          </Button>
          <span className="list-pagination__page">
            Page {formatCount(pagination.page)} of {formatCount(Math.max(pagination.totalPages, 1))}
          </span>
          <Button endIcon={<ChevronRightIcon />} disabled={!pagination.hasNextPage} onClick={() => onPageChange(pagination.page + 1)}>
            Next
          </Button>
          <Button
            className="list-pagination__end"
            icon={<DoubleChevronRightIcon />}
            aria-label="Last page"
            title="Last page"
            disabled={!pagination.hasNextPage || pagination.page >= lastPage}
            onClick={() => onPageChange(lastPage)}
          />
        </div>
      </div>
    </nav>
  );
}
