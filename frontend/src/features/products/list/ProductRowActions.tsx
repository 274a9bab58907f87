import { Button, type ButtonProps } from '@blueprintjs/core';
import { EditIcon, EyeOpenIcon, MoreIcon, TrashIcon } from '@blueprintjs/icons';
import { forwardRef } from 'react';
import { DeferredMenu } from '../../../components/DeferredMenu';
import { LinkButton } from '../../../components/LinkButton';
import type { ProductNavState } from '../shared/list-location';
import { productEditPath } from '../urls';
import { useProductPath } from '../shared/useProductPath';
import type { ProductRecord } from '../shared/product-cache';

export interface ProductRowActionsProps {
  product: ProductRecord;
  navState: ProductNavState;
  /** Absent: the role may not edit or delete products, so only View is offered. */
  onDelete?(product: ProductRecord): void;
}

/** View, Edit and Delete for one product; each names the product for screen readers ("View Desk lamp"). */
export function ProductRowActions({ product, navState, onDelete }: ProductRowActionsProps) {
  const pathOf = useProductPath();
  return (
    <div className="product-actions">
      <LinkButton size="small" variant="minimal" icon={<EyeOpenIcon />} to={pathOf(product.id)} state={navState} aria-label={`View ${product.name}`}>
        <span className="product-actions__text">View</span>
      </LinkButton>
      {onDelete && (
        <>
          <LinkButton size="small" variant="minimal" icon={<EditIcon />} to={productEditPath(product.id)} state={navState} aria-label={`Edit ${product.name}`}>
            <span className="product-actions__text">Edit</span>
          </LinkButton>
          <Button size="small" variant="minimal" intent="danger" icon={<TrashIcon />} aria-label={`Delete ${product.name}`} onClick={() => onDelete(product)}>
            <span className="product-actions__text">Delete</span>
          </Button>
        </>
      )}
    </div>
  );
}

const loadActionsPopover = () => import('./ProductActionsPopover').then((module) => module.default);

/**
 * The same three actions behind one button, for a compact row on a narrow
 * screen: one 44 px target instead of three that would not fit beside the
 * figures. The menu's code comes after the list (DeferredMenu).
 */
export function ProductActionsMenu(props: ProductRowActionsProps) {
  return (
    <DeferredMenu
      load={loadActionsPopover}
      menuProps={props}
      renderStandIn={(standIn) => <ProductActionsButton {...standIn} name={props.product.name} />}
    />
  );
}

/** The button of a row's actions menu, drawn by the menu and by its stand-in alike. */
export const ProductActionsButton = forwardRef<HTMLButtonElement, ButtonProps & { name: string }>(function ProductActionsButton({ name, ...buttonProps }, ref) {
  return <Button ref={ref} className="product-actions__toggle" variant="minimal" icon={<MoreIcon />} aria-label={`Actions for ${name}`} {...buttonProps} />;
});
