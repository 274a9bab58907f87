import { Checkbox } from '@blueprintjs/core';
import type { ProductRecord } from '../shared/product-cache';

/** Which products are selected for a bulk action, and the checkbox of each. */
export interface ProductPicker {
  isSelected(id: string): boolean;
  onToggle(product: ProductRecord): void;
}

/** A product's checkbox for the bulk actions, named after it ("Select Desk lamp"), with a finger-sized target. */
export function SelectProductCheckbox({ product, picker }: { product: ProductRecord; picker: ProductPicker | undefined }) {
  // No picker: the role may not bulk-change products, so there is nothing to select for.
  if (!picker) return null;
  return (
    <Checkbox
      className="product-select"
      checked={picker.isSelected(product.id)}
      aria-label={`Select ${product.name}`}
      onChange={() => picker.onToggle(product)}
    />
  );
}
