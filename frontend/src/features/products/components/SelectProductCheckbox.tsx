import { Checkbox } from '@blueprintjs/core';
import type { ProductRecord } from '../product-cache';
import type { ProductPicker } from './ProductTable';

/** A product's checkbox for the bulk actions, named after it ("Select Desk lamp"), with a finger-sized target. */
export function SelectProductCheckbox({ product, picker }: { product: ProductRecord; picker: ProductPicker }) {
  return (
    <Checkbox
      className="product-select"
      checked={picker.isSelected(product.id)}
      aria-label={`Select ${product.name}`}
      onChange={() => picker.onToggle(product)}
    />
  );
}
