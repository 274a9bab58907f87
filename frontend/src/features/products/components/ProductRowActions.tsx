import { Button, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { EditIcon, EyeOpenIcon, MoreIcon, TrashIcon } from '@blueprintjs/icons';
import { useRef, type MouseEvent, type ReactElement } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';
import { LinkButton } from '../../../components/LinkButton';
import { moveMenuFocus } from '../../../lib/menu-keys';
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
        <span className="product-actions__text">View</span>
      </LinkButton>
      <LinkButton size="small" variant="minimal" icon={<EditIcon />} to={productEditPath(product.id)} state={navState} aria-label={`Edit ${product.name}`}>
        <span className="product-actions__text">Edit</span>
      </LinkButton>
      <Button size="small" variant="minimal" intent="danger" icon={<TrashIcon />} aria-label={`Delete ${product.name}`} onClick={() => onDelete(product)}>
        <span className="product-actions__text">Delete</span>
      </Button>
    </div>
  );
}

/** A menu item that is a real link, navigating inside the app as LinkButton does. */
function MenuLink({ to, state, text, icon }: { to: string; state: ProductNavState; text: string; icon: ReactElement }) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { state });
  return <MenuItem href={href} text={text} icon={icon} onClick={(event: MouseEvent<HTMLElement>) => navigate(event as MouseEvent<HTMLAnchorElement>)} />;
}

/**
 * The same three actions behind one button, for a compact row on a narrow
 * screen: one 44 px target instead of three that would not fit beside the
 * figures. Focus goes to the first item when it opens and back to the button
 * when it closes.
 */
export function ProductActionsMenu({ product, navState, onDelete }: ProductRowActionsProps) {
  const menu = useRef<HTMLUListElement>(null);
  return (
    <Popover
      placement="bottom-end"
      popoverClassName="product-actions-menu"
      shouldReturnFocusOnClose
      onOpened={() => menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()}
      content={
        <Menu ulRef={menu} aria-label={`Actions for ${product.name}`} onKeyDown={(event) => moveMenuFocus(event)}>
          <MenuLink to={productPath(product.id)} state={navState} text="View" icon={<EyeOpenIcon />} />
          <MenuLink to={productEditPath(product.id)} state={navState} text="Edit" icon={<EditIcon />} />
          <MenuItem text="Delete" icon={<TrashIcon />} intent="danger" onClick={() => onDelete(product)} />
        </Menu>
      }
    >
      <Button className="product-actions__toggle" variant="minimal" icon={<MoreIcon />} aria-label={`Actions for ${product.name}`} />
    </Popover>
  );
}
