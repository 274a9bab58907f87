import { Button } from '@blueprintjs/core';
import { EditIcon, EyeOpenIcon, TrashIcon } from '@blueprintjs/icons';
import { LinkButton } from '../../../components/LinkButton';
import type { ProductNavState } from '../list-location';
import { productEditPath, productPath } from '../urls';
import type { ProductRecord } from '../product-cache';

export interface ProductRowActionsProps {
  product: ProductRecord;
  navState: ProductNavState;
  onDelete(product: ProductRecord): void;
}

/** View, Edit and Delete for one product; each names the product for screen readers ("View Desk lamp"). */
export function ProductRowActions({ product, navState, onDelete }: ProductRowActionsProps) {
  return (
    <div className="product-actions">
      <LinkButton size="small" variant="minimal" icon={<EyeOpenIcon />} to={productPath(product.id)} state={navState} aria-label={`View ${product.name}`}>
        View
      </LinkButton>
      <LinkButton size="small" variant="minimal" icon={<EditIcon />} to={productEditPath(product.id)} state={navState} aria-label={`Edit ${product.name}`}>
        Edit
      </LinkButton>
      <Button size="small" variant="minimal" intent="danger" icon={<TrashIcon />} aria-label={`Delete ${product.name}`} onClick={() => onDelete(product)}>
        Delete
      </Button>
    </div>
  );
}
