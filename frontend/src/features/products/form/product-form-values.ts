import {
  PRODUCT_DRAFT_DEFAULTS,
  PRODUCT_INPUT_ORDER,
  moneyValue,
  ProductFields,
  WRITABLE_PRODUCT_FIELDS,
  validateField,
  validateFields,
  withDraftDefaults,
  writableField,
  type FieldErrors,
  type PRODUCT_FIELDS,
  type WritableProductFieldName,
} from '@stockroom/schema';
import type { CreateProductInput, UpdateProductInput } from '@stockroom/schema/generated/graphql';
import type { ProductRecord } from '../shared/product-cache';

/** What the product form edits: the text of each input as typed, so a rule can say "Price must be a number"; a checkbox's true or false. */
export type ProductFormValues = { [K in WritableProductFieldName]: (typeof PRODUCT_FIELDS)[K] extends { type: 'boolean' } ? boolean : string };

/** The money fields: typed as people write prices (readMoneyText), shown with two decimals. */
type MoneyField = { [K in WritableProductFieldName]: (typeof PRODUCT_FIELDS)[K] extends { type: 'money' } ? K : never }[WritableProductFieldName];
const MONEY_FIELDS = WRITABLE_PRODUCT_FIELDS.filter((name): name is MoneyField => writableField(name).type === 'money');

export type ProductFormMode = 'create' | 'edit';

/**
 * A new product starts empty. What the server gives a draft field left empty
 * (PRODUCT_DRAFT_DEFAULTS) shows as that field's placeholder instead of as
 * text the user would have to delete.
 */
export function draftFormValues(): ProductFormValues {
  return Object.fromEntries(PRODUCT_INPUT_ORDER.map((name) => [name, writableField(name).type === 'boolean' ? false : ''])) as ProductFormValues;
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

/** A product's value as its input shows it: money with two decimals, none as an empty input. */
function formValueOf(name: WritableProductFieldName, value: string | number | boolean | null): string | boolean {
  if (value === null) return '';
  if (typeof value === 'boolean') return value;
  return writableField(name).type === 'money' ? priceText(value as number) : String(value);
}

export function formValuesOf(product: ProductRecord): ProductFormValues {
  return Object.fromEntries(PRODUCT_INPUT_ORDER.map((name) => [name, formValueOf(name, product[name])])) as ProductFormValues;
}

/** final-form drops a field that is emptied, so any value may arrive as undefined. */
const text = (value: string | undefined) => (value ?? '').trim();

/** One input's value as the rules read it: text trimmed (money as typed, "12,50" or "$4.99", for the money rule to read), a checkbox as true or false. */
function ruleValue(name: WritableProductFieldName, value: string | boolean | undefined): unknown {
  if (writableField(name).type === 'boolean') return value === true;
  return text(value as string | undefined);
}

/** The form's text as the rules read it: trimmed, and on a create the draft values for the draft fields left empty. */
function ruleInput(values: ProductFormValues, mode: ProductFormMode): Record<string, unknown> {
  const read = Object.fromEntries(PRODUCT_INPUT_ORDER.map((name) => [name, ruleValue(name, values[name])]));
  return mode === 'create' ? withDraftDefaults(read) : read;
}

type FieldValidator = (value: unknown) => string | undefined;

/**
 * Each field's check, by the shared rules. On a create an empty draft field
 * is valid (it takes its draft value); on an edit every required field stays
 * required, since the product already has a value there.
 */
export function productFieldValidators(mode: ProductFormMode): Record<'description' | 'category' | 'quantity' | MoneyField, FieldValidator> {
  // What an empty draft field becomes is the shared rule's (withDraftDefaults), not decided again here.
  const draft = (field: 'description' | 'category' | 'quantity'): FieldValidator =>
    mode === 'create'
      ? (value) => validateField(ProductFields[field], withDraftDefaults({ [field]: value ?? '' })[field])
      : (value) => validateField(ProductFields[field], value ?? '');
  return {
    description: draft('description'),
    category: draft('category'),
    quantity: draft('quantity'),
    ...(Object.fromEntries(MONEY_FIELDS.map((name) => [name, (value: unknown) => validateField(ProductFields[name], value ?? '')])) as Record<MoneyField, FieldValidator>),
  };
}

/** Every product field rule at once: the messages the fields show and the server would give. */
export const validateProductForm = (values: ProductFormValues, mode: ProductFormMode): FieldErrors => validateFields(ProductFields, ruleInput(values, mode));

/**
 * The values as the API takes them: text trimmed, numbers as numbers (money
 * read as the importer reads it: "12,50", "1.234,50", "$12.50"), no image URL as null, and on a create the
 * draft values for the draft fields left empty.
 */
export function toProductInput(values: ProductFormValues, mode: ProductFormMode = 'create'): CreateProductInput {
  const input = ruleInput(values, mode);
  // An emptied optional field (image URL, SKU, barcode, reorder level...) is none: null clears it on an edit.
  const apiValue = (name: WritableProductFieldName) => {
    const field = writableField(name);
    const value = input[name];
    if (field.type === 'boolean') return value as boolean;
    if (field.nullable && value === '') return null;
    if (field.type === 'money') return moneyValue(value as string);
    return field.type === 'text' ? (value as string) : Number(value);
  };
  return Object.fromEntries(PRODUCT_INPUT_ORDER.map((name) => [name, apiValue(name)])) as unknown as CreateProductInput;
}

/** An update sends every field and the version the form was loaded with: a stale one gets a conflict. */
export const toUpdateInput = (values: ProductFormValues, version: number): UpdateProductInput => ({ ...toProductInput(values, 'edit'), version });

/** The form fields the server may name in `extensions.fields`; anything else belongs to the whole form. */
export const FORM_FIELDS: ReadonlySet<keyof ProductFormValues> = new Set(Object.keys(draftFormValues()) as (keyof ProductFormValues)[]);
