import { Button } from '@blueprintjs/core';
import { BoxIcon, PlusIcon, SearchIcon } from '@blueprintjs/icons';
import { LinkButton } from '../../../components/LinkButton';
import { productNewPath } from '../urls';
import { EmptyState } from '../../../components/EmptyState';

/** The two empty states: an empty catalogue, and a search or filter that matches nothing. */
export function ProductListEmpty({ filtered, onClearFilters }: { filtered: boolean; onClearFilters(): void }) {
  if (filtered) {
    return (
      <EmptyState
        headingLevel={2}
        className="product-empty"
        icon={<SearchIcon size={48} />}
        title="No matching products"
        description="No product matches the search and filters above. Try other words or another category or stock filter, or clear the filters to see your whole catalogue."
        action={
          <Button intent="primary" variant="outlined" onClick={onClearFilters}>
            Clear Filters
          </Button>
        }
      />
    );
  }
  return (
    <EmptyState
      headingLevel={2}
      className="product-empty"
      icon={<BoxIcon size={48} />}
      title="No products yet"
      description="Your catalogue is empty. Add your first product to start tracking prices and stock."
      action={
        <LinkButton intent="primary" icon={<PlusIcon />} to={productNewPath}>
          Add Your First Product
        </LinkButton>
      }
    />
  );
}
