import { Button } from '@blueprintjs/core';
import { ChevronLeftIcon, ChevronRightIcon } from '@blueprintjs/icons';
import { formatCount } from '../../../lib/format';

export interface UserListPaginationProps {
  shown: number;
  total: number;
  page: number;
  totalPages: number;
  hasPrevPage: boolean;
  hasNextPage: boolean;
  onPageChange(page: number): void;
}

/** 'Showing X of Y users', 'Page N of M', Previous and Next. */
export function UserListPagination(props: UserListPaginationProps) {
  return (
    <nav className="admin-pagination" aria-label="Pagination">
      <p className="admin-pagination__summary" role="status">
        Showing {formatCount(props.shown)} of {formatCount(props.total)} users
      </p>
      <div className="admin-pagination__controls">
        <Button icon={<ChevronLeftIcon />} disabled={!props.hasPrevPage} onClick={() => props.onPageChange(props.page - 1)}>
          Previous
        </Button>
        <span>
          Page {formatCount(props.page)} of {formatCount(Math.max(props.totalPages, 1))}
        </span>
        <Button endIcon={<ChevronRightIcon />} disabled={!props.hasNextPage} onClick={() => props.onPageChange(props.page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
