import { HTMLTable } from '@blueprintjs/core';
import { ChevronDownIcon, ChevronUpIcon, DoubleCaretVerticalIcon } from '@blueprintjs/icons';
import type { ProductSortField, SortOrder } from '@stockroom/schema';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatCount, formatCurrency, formatDate } from '../../../lib/format';
import type { ProductNavState } from '../shared/list-location';
import type { ProductRecord } from '../shared/product-cache';
import { ProductBarcode } from './ProductBarcode';
import { ProductImage } from '../shared/ProductImage';
import { ProductActionsMenu, ProductRowActions } from './ProductRowActions';
import { SelectProductCheckbox, type ProductPicker } from './SelectProductCheckbox';
import { useProductPath } from '../shared/useProductPath';
import { StockTag } from '../shared/StockTag';

export interface ProductCollectionProps {
  products: readonly ProductRecord[];
  navState: ProductNavState;
  /** Absent: the role may not edit or delete products, so only View is offered. */
  onDelete?(product: ProductRecord): void;
  /** Absent: the role may not bulk-change products, so rows have no checkbox. */
  picker?: ProductPicker;
}

export interface ProductTableProps extends ProductCollectionProps {
  sortBy: ProductSortField;
  sortOrder: SortOrder;
  /** A sortable column's header was clicked (or Enter / Space on it). */
  onSortColumn(field: ProductSortField): void;
  /** The row actions behind one menu button, where three buttons would not fit (a tablet's width). */
  actionsMenu?: boolean;
}

interface SortableHeaderProps {
  field: ProductSortField;
  sort: Pick<ProductTableProps, 'sortBy' | 'sortOrder' | 'onSortColumn'>;
  className?: string;
  children: ReactNode;
}

/**
 * A header that sorts by its column: a real button, so Enter and Space work
 * as a click does, and `aria-sort` on the header the list is sorted by.
 */
function SortableHeader({ field, sort, className, children }: SortableHeaderProps) {
  const sorted = sort.sortBy === field;
  const icon = !sorted ? <DoubleCaretVerticalIcon /> : sort.sortOrder === 'asc' ? <ChevronUpIcon /> : <ChevronDownIcon />;
  return (
    <th scope="col" className={className} aria-sort={sorted ? (sort.sortOrder === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button type="button" className={`product-table__sort${sorted ? ' product-table__sort--active' : ''}`} onClick={() => sort.onSortColumn(field)}>
        {children}
        <span className="product-table__sort-icon" aria-hidden="true">
          {icon}
        </span>
      </button>
    </th>
  );
}

/**
 * The table view. Product, Price and Created sort the list; the table fits its
 * frame down to a tablet's width (narrower screens get ProductRows), the frame
 * only scrolling sideways for content that cannot wrap.
 */
export function ProductTable({ products, navState, onDelete, picker, actionsMenu, ...sort }: ProductTableProps) {
  const Actions = actionsMenu ? ProductActionsMenu : ProductRowActions;
  const pathOf = useProductPath();
  return (
    <div className="product-table-frame" tabIndex={0} role="region" aria-label="Products table">
      <HTMLTable className="product-table" interactive striped aria-label="Products">
        <thead>
          <tr>
            <th scope="col" className="product-table__select">
              <span className="visually-hidden">Selected</span>
            </th>
            <SortableHeader field="name" sort={sort}>
              Product
            </SortableHeader>
            <th scope="col">Category</th>
            <SortableHeader field="price" sort={sort} className="product-table__number">
              Price
            </SortableHeader>
            <th scope="col" className="product-table__number">
              Quantity
            </th>
            <th scope="col">Status</th>
            <SortableHeader field="date" sort={sort} className="product-table__date">
              Created
            </SortableHeader>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <tr key={product.id} data-product-id={product.id}>
              <td className="product-table__select">
                <SelectProductCheckbox product={product} picker={picker} />
              </td>
              <td>
                <div className="product-table__name">
                  <ProductImage url={product.imageUrl} name={product.name} size="thumb" />
                  <span className="product-table__title">
                    <Link to={pathOf(product.id)} state={navState}>
                      {product.name}
                    </Link>
                    {(product.sku || product.barcode) && (
                      <span className="product-codes">
                        {product.sku && <span className="product-sku">SKU {product.sku}</span>}
                        {product.barcode && <ProductBarcode barcode={product.barcode} />}
                      </span>
                    )}
                  </span>
                </div>
              </td>
              <td className="product-table__category">{product.category}</td>
              <td className="product-table__number">{formatCurrency(product.price)}</td>
              <td className="product-table__number">{formatCount(product.quantity)}</td>
              <td>
                <StockTag inStock={product.inStock} lowStock={product.lowStock} />
              </td>
              <td className="product-table__date">{formatDate(product.createdAt)}</td>
              <td>
                <Actions product={product} navState={navState} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
