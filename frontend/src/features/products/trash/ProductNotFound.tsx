import { ArrowLeftIcon, SearchIcon } from '@blueprintjs/icons';
import { ProductMessages } from '@stockroom/schema';
import { LinkButton } from '../../../components/LinkButton';
import { EmptyState } from '../../../components/EmptyState';

/** An unknown id, a malformed one, or someone else's product: all look the same ('Product not found'), so an id never tells whether someone else's product exists. */
export function ProductNotFound({ listHref }: { listHref: string }) {
  return (
    <EmptyState
      headingLevel={1}
      className="product-empty"
      icon={<SearchIcon size={48} />}
      title={ProductMessages.notFound}
      description="This product does not exist or is not in your catalogue. It may have been deleted, or the link may be wrong."
      action={
        <LinkButton intent="primary" icon={<ArrowLeftIcon />} to={listHref}>
          Back to Products
        </LinkButton>
      }
    />
  );
}
