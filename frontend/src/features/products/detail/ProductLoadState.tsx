import { ArrowLeftIcon } from '@blueprintjs/icons';
import { LinkButton } from '../../../components/LinkButton';
import { LoadError } from '../../../components/LoadError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { isProductMissing, loadErrorMessage } from '../shared/product-errors';
import { MissingProduct } from '../trash/MissingProduct';

export interface ProductLoadStateProps {
  /** The product's id, as the page's URL gives it. */
  id: string;
  /** The error of loading the product, if it failed. */
  error: unknown;
  listHref: string;
  /** Loads the product again: after a failure, or once it is restored from the trash. */
  onRetry(): void;
}

/** A product page before its product is there: loading, not found (or in the trash), or failed. */
export function ProductLoadState({ id, error, listHref, onRetry }: ProductLoadStateProps) {
  return (
    <>
      <LinkButton className="product-back" variant="minimal" icon={<ArrowLeftIcon />} to={listHref}>
        Back to Products
      </LinkButton>
      {isProductMissing(error) ? (
        <MissingProduct id={id} listHref={listHref} onRestored={onRetry} />
      ) : error ? (
        <LoadError className="product-empty" message={loadErrorMessage(error)} onRetry={onRetry} />
      ) : (
        <>
          {/* The screen still has a heading while the product, and so its name, is on its way. */}
          <h1 className="visually-hidden">Loading product</h1>
          <LoadingScreen label="Loading product" />
        </>
      )}
    </>
  );
}
