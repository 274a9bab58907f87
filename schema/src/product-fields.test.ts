import { PRODUCT_DRAFT_DEFAULTS } from './constants';
import { IMPORT_FIELDS, IMPORT_HEADER_ALIASES, importFieldOfHeader, importHeaderKey } from './import';
import {
  BULK_PRODUCT_FIELDS,
  BulkChangeFields,
  EXPORTED_PRODUCT_FIELDS,
  PRODUCT_ANSWER_ORDER,
  PRODUCT_CREATE_REQUIRED,
  PRODUCT_EXPORT_HEADERS,
  PRODUCT_FIELDS,
  PRODUCT_INPUT_ORDER,
  PRODUCT_OPENAPI_ORDER,
  ProductFields,
  SORTABLE_PRODUCT_FIELDS,
  WRITABLE_PRODUCT_FIELDS,
  blankProductValues,
  writableField,
} from './product-fields';
import { PRODUCT_DRAFT_FIELDS, PRODUCT_SORT_FIELDS, validateField } from './validation';

const ALL = Object.keys(PRODUCT_FIELDS);

describe('the product field table', () => {
  it('lists every field once in each published order', () => {
    for (const order of [PRODUCT_ANSWER_ORDER, PRODUCT_OPENAPI_ORDER]) expect([...order].sort()).toEqual([...ALL].sort());
    expect([...PRODUCT_INPUT_ORDER].sort()).toEqual([...WRITABLE_PRODUCT_FIELDS].sort());
  });

  it('gives every writable field a rule whose optionality matches the row', () => {
    for (const name of WRITABLE_PRODUCT_FIELDS) {
      const field = writableField(name);
      expect([name, field.rule.nullable === true]).toEqual([name, field.nullable === true]);
      expect(ProductFields[name]).toBe(field.rule);
      const expectedKind = field.type === 'text' ? 'text' : field.type === 'boolean' ? 'boolean' : 'number';
      expect([name, field.rule.kind]).toEqual([name, expectedKind]);
    }
  });

  it('states money with two decimals and integers as whole numbers', () => {
    for (const name of WRITABLE_PRODUCT_FIELDS) {
      const { type, rule } = writableField(name);
      if (type === 'money') expect([name, rule.kind === 'number' && rule.decimals]).toEqual([name, 2]);
      if (type === 'integer') expect([name, rule.kind === 'number' && rule.integer]).toEqual([name, true]);
    }
  });

  it('makes a create carry only the required fields without a draft value', () => {
    expect(PRODUCT_CREATE_REQUIRED).toEqual(['name', 'price']);
    for (const name of PRODUCT_DRAFT_FIELDS) expect(writableField(name).default).toBe(PRODUCT_DRAFT_DEFAULTS[name]);
  });

  it('imports every field it exports, by the export header first', () => {
    expect(IMPORT_FIELDS.every((field) => (EXPORTED_PRODUCT_FIELDS as readonly string[]).includes(field))).toBe(true);
    for (const field of IMPORT_FIELDS) {
      expect(IMPORT_HEADER_ALIASES[field][0]).toBe(importHeaderKey(PRODUCT_EXPORT_HEADERS[field]));
      expect(importFieldOfHeader(PRODUCT_EXPORT_HEADERS[field])).toBe(field);
    }
  });

  it('recognises each alias as one field only', () => {
    const aliases = IMPORT_FIELDS.flatMap((field) => IMPORT_HEADER_ALIASES[field]);
    expect(new Set(aliases).size).toBe(aliases.length);
  });

  it('derives the bulk changes and the sort fields', () => {
    expect(Object.keys(BulkChangeFields)).toEqual(BULK_PRODUCT_FIELDS);
    expect(BULK_PRODUCT_FIELDS).toEqual(['category', 'price', 'reorderLevel', 'featured']);
    expect([...SORTABLE_PRODUCT_FIELDS, 'date']).toEqual([...PRODUCT_SORT_FIELDS]);
  });

  it('starts a blank product with none where none is a value', () => {
    const blank = blankProductValues();
    expect(Object.keys(blank).sort()).toEqual([...WRITABLE_PRODUCT_FIELDS].sort());
    for (const name of WRITABLE_PRODUCT_FIELDS) if (writableField(name).nullable) expect(validateField(writableField(name).rule, blank[name])).toBeUndefined();
  });
});
