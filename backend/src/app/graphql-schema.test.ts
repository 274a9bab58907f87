import 'reflect-metadata';
import { isObjectType, type GraphQLSchema } from 'graphql';
import { buildAppSchema } from './graphql-schema';

/**
 * The types of the catalogue's and the stock history's answers read their
 * plain fields with graphql-js's own property read: a wrapper per field
 * runs once per field and row, hundreds of times for one page.
 */
const PLAIN_TYPES = ['Product', 'ProductPage', 'ProductStats', 'Pagination', 'StockMovement', 'StockMovementPage', 'StockMovementUser'];
/** Fields a resolver computes: they keep their resolver. */
const COMPUTED = ['Product.movements'];

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await buildAppSchema();
});

it.each(PLAIN_TYPES)('%s resolves its plain fields without a wrapper', (name) => {
  const type = schema.getType(name);
  if (!isObjectType(type)) throw new Error(`${name} is not an object type`);
  const wrapped = Object.values(type.getFields())
    .filter((field) => field.resolve !== undefined)
    .map((field) => `${name}.${field.name}`);
  expect(wrapped).toEqual(COMPUTED.filter((field) => field.startsWith(`${name}.`)));
});
