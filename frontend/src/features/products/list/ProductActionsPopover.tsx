import { MenuItem, Menu } from '@blueprintjs/core';
import { EditIcon, EyeOpenIcon, TrashIcon } from '@blueprintjs/icons';
import type { MouseEvent, ReactElement } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';
import { MenuPopover } from '../../../components/MenuPopover';
import type { ProductNavState } from '../shared/list-location';
import { productEditPath } from '../urls';
import { useProductPath } from '../shared/useProductPath';
import { ProductActionsButton, type ProductRowActionsProps } from './ProductRowActions';

/** A menu item that is a real link, navigating inside the app as LinkButton does. */
function MenuLink({ to, state, text, icon }: { to: string; state: ProductNavState; text: string; icon: ReactElement }) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { state });
  return <MenuItem href={href} text={text} icon={icon} onClick={(event: MouseEvent<HTMLElement>) => navigate(event as MouseEvent<HTMLAnchorElement>)} />;
}

/** A compact row's View, Edit and Delete in a menu (ProductActionsMenu stands in for it until pressed). */
export default function ProductActionsPopover({ product, navState, onDelete }: ProductRowActionsProps) {
  const pathOf = useProductPath();
  return (
    <MenuPopover
      placement="bottom-end"
      popoverClassName="product-actions-menu"
      content={
        <Menu aria-label={`Actions for ${product.name}`}>
          <MenuLink to={pathOf(product.id)} state={navState} text="View" icon={<EyeOpenIcon />} />
          {onDelete && <MenuLink to={productEditPath(product.id)} state={navState} text="Edit" icon={<EditIcon />} />}
          {onDelete && <MenuItem text="Delete" icon={<TrashIcon />} intent="danger" onClick={() => onDelete(product)} />}
        </Menu>
      }
      renderButton={(button) => <ProductActionsButton {...button} name={product.name} />}
    />
  );
}
