import { PRODUCT_DRAFT_DEFAULTS, ProductFields, validateField, validateFields, withDraftDefaults, type FieldErrors } from '@stockroom/schema';
import type { CreateProductInput, UpdateProductInput } from '@stockroom/schema/generated/graphql';
import type { ProductRecord } from '../shared/product-cache';

/** What the product form edits: the text of each input as typed, so a rule can say "Price must be a number". */
export interface ProductFormValues {
  name: string;
  description: string;
  price: string;
  category: string;
  quantity: string;
  imageUrl: string;
  featured: boolean;
  sku: string;
  barcode: string;
  reorderLevel: string;
}

export type ProductFormMode = 'create' | 'edit';

/**
 * A new product starts empty. What the server gives a draft field left empty
 * (PRODUCT_DRAFT_DEFAULTS) shows as that field's placeholder instead of as
 * text the user would have to delete.
 */
export function draftFormValues(): ProductFormValues {
  return { name: '', description: '', price: '', category: '', quantity: '', imageUrl: '', featured: false, sku: '', barcode: '', reorderLevel: '' };
}

/**
 * The placeholders of the create form: the draft values an empty field
 * takes, and the price's shape (it has no draft value the rules accept).
 */
export const DRAFT_PLACEHOLDERS = {
  description: PRODUCT_DRAFT_DEFAULTS.description,
  category: PRODUCT_DRAFT_DEFAULTS.category,
  quantity: String(PRODUCT_DRAFT_DEFAULTS.quantity),
  price: PRODUCT_DRAFT_DEFAULTS.price.toFixed(2),
} as const;

/** A price as money is written: always two decimals (14.50, not 14.5). */
export const priceText = (price: number) => price.toFixed(2);

export function formValuesOf(product: ProductRecord): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    price: priceText(product.price),
    category: product.category,
    quantity: String(product.quantity),
    imageUrl: product.imageUrl ?? '',
    featured: product.featured,
    sku: product.sku ?? '',
    barcode: product.barcode ?? '',
    reorderLevel: product.reorderLevel === null ? '' : String(product.reorderLevel),
  };
}

/**
 * A decimal number as typed, with a decimal comma read as a point: "12,50"
 * is how much of the world writes 12.50. Only a lone comma followed by digits
 * is a decimal comma; "1,234.5" or "1,2,3" stay as typed for the rule to refuse.
 */
export function decimalText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return /^[+-]?\d*,\d+$/.test(trimmed) ? trimmed.replace(',', '.') : value;
}

/** final-form drops a field that is emptied, so any value may arrive as undefined. */
const text = (value: string | undefined) => (value ?? '').trim();

/** The form's text as the rules read it: trimmed, a decimal comma as a point, and on a create the draft values for the draft fields left empty. */
function ruleInput(values: ProductFormValues, mode: ProductFormMode): Record<string, unknown> {
  const read = {
    name: text(values.name),
    description: text(values.description),
    price: decimalText(text(values.price)),
    category: text(values.category),
    quantity: text(values.quantity),
    imageUrl: text(values.imageUrl),
    featured: values.featured === true,
    sku: text(values.sku),
    barcode: text(values.barcode),
    reorderLevel: text(values.reorderLevel),
  };
  return mode === 'create' ? withDraftDefaults(read) : read;
}

type FieldValidator = (value: unknown) => string | undefined;

/**
 * Each field's check, by the shared rules. On a create an empty draft field
 * is valid (it takes its draft value); on an edit every required field stays
 * required, since the product already has a value there.
 */
export function productFieldValidators(mode: ProductFormMode): Record<'description' | 'price' | 'category' | 'quantity', FieldValidator> {
  // What an empty draft field becomes is the shared rule's (withDraftDefaults), not decided again here.
  const draft = (field: 'description' | 'category' | 'quantity'): FieldValidator =>
    mode === 'create'
      ? (value) => validateField(ProductFields[field], withDraftDefaults({ [field]: value ?? '' })[field])
      : (value) => validateField(ProductFields[field], value ?? '');
  return {
    description: draft('description'),
    category: draft('category'),
    quantity: draft('quantity'),
    price: (value) => validateField(ProductFields.price, decimalText(value ?? '')),
  };
}

/** Every product field rule at once: the messages the fields show and the server would give. */
export const validateProductForm = (values: ProductFormValues, mode: ProductFormMode): FieldErrors => validateFields(ProductFields, ruleInput(values, mode));

/**
 * The values as the API takes them: text trimmed, numbers as numbers (a
 * decimal comma read as a point), no image URL as null, and on a create the
 * draft values for the draft fields left empty.
 */
export function toProductInput(values: ProductFormValues, mode: ProductFormMode = 'create'): CreateProductInput {
  const input = ruleInput(values, mode);
  const imageUrl = input.imageUrl as string;
  // An emptied SKU or barcode is none: null clears it on an edit.
  const orNull = (value: unknown) => ((value as string) === '' ? null : (value as string));
  return {
    name: input.name as string,
    description: input.description as string,
    price: Number(input.price),
    category: input.category as string,
    quantity: Number(input.quantity),
    imageUrl: imageUrl === '' ? null : imageUrl,
    featured: input.featured as boolean,
    sku: orNull(input.sku),
    barcode: orNull(input.barcode),
    reorderLevel: input.reorderLevel === '' ? null : Number(input.reorderLevel),
  };
}

/** An update sends every field and the version the form was loaded with: a stale one gets a conflict. */
export const toUpdateInput = (values: ProductFormValues, version: number): UpdateProductInput => ({ ...toProductInput(values, 'edit'), version });

/** The form fields the server may name in `extensions.fields`; anything else belongs to the whole form. */
export const FORM_FIELDS: ReadonlySet<keyof ProductFormValues> = new Set(Object.keys(draftFormValues()) as (keyof ProductFormValues)[]);
