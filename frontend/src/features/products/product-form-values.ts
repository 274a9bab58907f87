import { PRODUCT_DRAFT_DEFAULTS, ProductFields, validateFields, type FieldErrors } from '@stockroom/schema';
import type { CreateProductInput, UpdateProductInput } from '@stockroom/schema/generated/graphql';
import type { ProductRecord } from './product-cache';

/** What the product form edits: the text of each input as typed, so a rule can say "Price must be a number". */
export interface ProductFormValues {
  name: string;
  description: string;
  price: string;
  category: string;
  quantity: string;
  imageUrl: string;
  featured: boolean;
}

/** A new product starts from the draft defaults (PRODUCT_DRAFT_DEFAULTS), the values the server gives a field left out. */
export function draftFormValues(): ProductFormValues {
  return {
    name: '',
    description: PRODUCT_DRAFT_DEFAULTS.description,
    price: String(PRODUCT_DRAFT_DEFAULTS.price),
    category: PRODUCT_DRAFT_DEFAULTS.category,
    quantity: String(PRODUCT_DRAFT_DEFAULTS.quantity),
    imageUrl: '',
    featured: false,
  };
}

export function formValuesOf(product: ProductRecord): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    price: String(product.price),
    category: product.category,
    quantity: String(product.quantity),
    imageUrl: product.imageUrl ?? '',
    featured: product.featured,
  };
}

/** Every product field rule at once: the messages the fields show and the server would give. */
export const validateProductForm = (values: ProductFormValues): FieldErrors => validateFields(ProductFields, { ...values });

/** final-form drops a field that is emptied, so any value may arrive as undefined. */
const text = (value: string | undefined) => (value ?? '').trim();

/** The values as the API takes them: text trimmed, numbers as numbers, no image URL as null. */
export function toProductInput(values: ProductFormValues): CreateProductInput {
  const imageUrl = text(values.imageUrl);
  return {
    name: text(values.name),
    description: text(values.description),
    price: Number(text(values.price)),
    category: text(values.category),
    quantity: Number(text(values.quantity)),
    imageUrl: imageUrl === '' ? null : imageUrl,
    featured: values.featured === true,
  };
}

/** An update sends every field and the version the form was loaded with: a stale one gets a conflict. */
export const toUpdateInput = (values: ProductFormValues, version: number): UpdateProductInput => ({ ...toProductInput(values), version });

/** The form fields the server may name in `extensions.fields`; anything else belongs to the whole form. */
export const FORM_FIELDS: ReadonlySet<keyof ProductFormValues> = new Set(Object.keys(draftFormValues()) as (keyof ProductFormValues)[]);
