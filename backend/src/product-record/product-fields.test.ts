import 'reflect-metadata';
import { isInputObjectType, isObjectType, type GraphQLSchema } from 'graphql';
import { PRODUCT_FIELDS, PRODUCT_CREATE_REQUIRED, WRITABLE_PRODUCT_FIELDS, writableField } from '@stockroom/schema';
import type { Request } from 'express';
import { buildAppSchema } from '../app/graphql-schema';
import { buildOpenApiDocument } from '../app/openapi';
import { readBody } from '../rest/body';
import { ProductFields } from '@stockroom/schema';
import { PRODUCT_COLUMNS, WRITABLE_COLUMNS } from './product-columns';
import { EXPORT_COLUMNS } from '../products/import-export/product-export.queries';
import { IMPORT_ROW_COLUMNS } from '../products/import-export/product-import.queries';

/* The derivations from the field table: a field in the table is in every place that lists the product's fields. */

const ALL = Object.keys(PRODUCT_FIELDS);
let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await buildAppSchema();
});

const fieldsOf = (name: string) => {
  const type = schema.getType(name);
  if (!isObjectType(type) && !isInputObjectType(type)) throw new Error(`${name} is not an object type`);
  return type.getFields();
};

describe('the product field table, derived', () => {
  it('gives GraphQL Product every field, null only where the table says none is a value', () => {
    const fields = fieldsOf('Product');
    for (const name of ALL) {
      expect(fields[name]).toBeDefined();
      expect([name, String(fields[name].type).endsWith('!')]).toEqual([name, !(PRODUCT_FIELDS[name as keyof typeof PRODUCT_FIELDS] as { nullable?: true }).nullable]);
    }
  });

  it('puts every writable field in both GraphQL inputs, required on a create only without a draft value', () => {
    const create = fieldsOf('CreateProductInput');
    const update = fieldsOf('UpdateProductInput');
    for (const name of WRITABLE_PRODUCT_FIELDS) {
      expect([name, String(create[name]?.type).endsWith('!')]).toEqual([name, PRODUCT_CREATE_REQUIRED.includes(name)]);
      expect([name, String(update[name]?.type)]).toEqual([name, String(create[name].type).replace(/!$/, '')]);
    }
    expect(Object.keys(create).sort()).toEqual([...WRITABLE_PRODUCT_FIELDS].sort());
  });

  it('puts every field in the OpenAPI Product and every writable one in the request bodies', () => {
    const document = buildOpenApiDocument('http://localhost') as unknown as {
      components: { schemas: Record<string, { properties: object; required: string[] }>; requestBodies: Record<string, { content: { 'application/json': { schema: { properties: object } } } }> };
    };
    expect(Object.keys(document.components.schemas.Product.properties).sort()).toEqual([...ALL].sort());
    expect(document.components.schemas.Product.required.sort()).toEqual([...ALL].sort());
    for (const body of ['ProductInput', 'ProductChanges']) {
      const properties = Object.keys(document.components.requestBodies[body].content['application/json'].schema.properties);
      expect(properties.filter((key) => key !== 'version').sort()).toEqual([...WRITABLE_PRODUCT_FIELDS].sort());
    }
  });

  it('accepts every writable field in a REST body and refuses any other', () => {
    for (const name of WRITABLE_PRODUCT_FIELDS) {
      const value = writableField(name).type === 'boolean' ? true : writableField(name).type === 'text' ? 'x' : 1;
      expect(readBody({ body: { [name]: value } } as Request, ProductFields)).toEqual({ [name]: value });
    }
    expect(() => readBody({ body: { cost: 1 } } as Request, ProductFields)).toThrow();
  });

  it('reads every field in SQL, writes every writable column, and exports and imports them', () => {
    for (const name of ALL) expect(PRODUCT_COLUMNS).toMatch(new RegExp(`(^|, )(${name}|.* AS "${name}")(,|$)`));
    for (const name of WRITABLE_PRODUCT_FIELDS) {
      expect(WRITABLE_COLUMNS[name]).toBe(writableField(name).column);
      expect(IMPORT_ROW_COLUMNS).toContain(writableField(name).column);
      expect(Object.keys(EXPORT_COLUMNS)).toContain(writableField(name).exportHeader);
    }
  });
});
