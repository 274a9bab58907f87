import { Button, HTMLTable } from '@blueprintjs/core';
import { TrashIcon, UndoIcon } from '@blueprintjs/icons';
import type { TrashedProductRowFragment } from '@stockroom/schema/generated/graphql';
import { formatDate } from '../../../lib/format';

export interface TrashedProductListProps {
  products: readonly TrashedProductRowFragment[];
  /** The product whose restore or purge is on its way: its buttons wait. */
  busyId: string | null;
  /** Absent: the role may not restore products. */
  onRestore?(product: TrashedProductRowFragment): void;
  /** Absent: the role may not purge the trash. */
  onPurge?(product: TrashedProductRowFragment): void;
}

/**
 * The trash as a table: name and SKU, when each was deleted and when it will
 * be deleted for good, and its two actions. On a phone each row stacks into a
 * card (products.css), the column names then shown beside each value.
 */
export function TrashedProductList({ products, busyId, onRestore, onPurge }: TrashedProductListProps) {
  return (
    <HTMLTable className="trash-table" aria-label="Deleted products">
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">SKU</th>
          <th scope="col">Deleted</th>
          <th scope="col">Deleted for good</th>
          <th scope="col">
            <span className="trash-table__actions-heading">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {products.map((product) => {
          const busy = busyId === product.id;
          return (
            <tr key={product.id}>
              <th scope="row" className="trash-table__name">
                {product.name}
              </th>
              <td data-label="SKU">{product.sku ?? '—'}</td>
              <td data-label="Deleted">
                <time dateTime={product.deletedAt}>{formatDate(product.deletedAt)}</time>
              </td>
              <td data-label="Deleted for good">
                <time dateTime={product.purgeAt}>{formatDate(product.purgeAt)}</time>
              </td>
              <td className="trash-table__actions">
                {onRestore && (
                <Button
                  icon={<UndoIcon />}
                  intent="primary"
                  variant="outlined"
                  loading={busy}
                  disabled={busyId !== null && !busy}
                  aria-label={`Restore: ${product.name}`}
                  onClick={() => onRestore(product)}
                >
                  Restore
                </Button>
                )}
                {onPurge && (
                <Button
                  icon={<TrashIcon />}
                  intent="danger"
                  variant="minimal"
                  disabled={busyId !== null}
                  aria-label={`Delete forever: ${product.name}`}
                  onClick={() => onPurge(product)}
                >
                  Delete forever
                </Button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
