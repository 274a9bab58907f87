import { Button } from '@blueprintjs/core';
import { TrashIcon, UndoIcon } from '@blueprintjs/icons';
import { TrashMessages } from '@stockroom/schema';
import { useProductRestoreMutation, useTrashedProductQuery } from '@stockroom/schema/generated/hooks';
import { EmptyState } from '../../../components/EmptyState';
import { LinkButton } from '../../../components/LinkButton';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toaster';
import { productErrorMessage } from '../shared/product-errors';
import { applyProductRestored } from './trash-cache';
import { productTrashPath } from '../urls';
import { ProductNotFound } from './ProductNotFound';

export interface MissingProductProps {
  id: string;
  listHref: string;
  /** Called once the product is back in the catalogue, so the page can load it. */
  onRestored(): void;
}

/**
 * A product page whose product is not in the catalogue. A link to one that was
 * deleted (a bookmark, an old tab, a shared URL) says it is in the trash and
 * offers it back; anything else is the plain 'Product not found', which never
 * tells whether someone else's product exists.
 */
export function MissingProduct({ id, listHref, onRestored }: MissingProductProps) {
  const trashed = useTrashedProductQuery({ variables: { id }, fetchPolicy: 'network-only' });
  const [restore, { loading: restoring }] = useProductRestoreMutation();

  if (trashed.loading) return <LoadingScreen label="Loading product" />;
  const product = trashed.data?.trashedProduct;
  if (!product) return <ProductNotFound listHref={listHref} />;

  const restoreProduct = async () => {
    try {
      await restore({ variables: { id }, update: (cache, { data }) => data && applyProductRestored(cache, data.restoreProduct) });
      toast.success(TrashMessages.restored);
      onRestored();
    } catch (error) {
      toast.error(productErrorMessage(error, TrashMessages.restoreFailed));
    }
  };

  return (
    <EmptyState
      headingLevel={1}
      className="product-empty"
      icon={<TrashIcon size={48} />}
      title={`${product.name} is in the trash`}
      description={
        <>
          Deleted on <time dateTime={product.deletedAt}>{formatDate(product.deletedAt)}</time>. It will be deleted for good on{' '}
          <time dateTime={product.purgeAt}>{formatDate(product.purgeAt)}</time> unless you restore it.
        </>
      }
      action={
        <div className="product-empty__actions">
          <Button intent="primary" icon={<UndoIcon />} loading={restoring} onClick={() => void restoreProduct()}>
            Restore product
          </Button>
          <LinkButton variant="outlined" icon={<TrashIcon />} to={productTrashPath}>
            Open trash
          </LinkButton>
        </div>
      }
    />
  );
}
