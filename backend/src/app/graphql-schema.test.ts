import 'reflect-metadata';
import { ApolloServer } from '@apollo/server';
import { getIntrospectionQuery, graphql, isObjectType, type GraphQLSchema } from 'graphql';
import type { RequestContext } from '../account/context';
import { compiledExecution } from '../graphql/compiled-execution';
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

it('answers the playground’s introspection query alike once compiled, descriptions and deprecations included', async () => {
  // Apollo over the app's executor: the first run goes through graphql-js, the later ones compiled.
  const server = new ApolloServer<RequestContext>({ gateway: compiledExecution(schema) });
  await server.start();
  try {
    const query = getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true });
    const expected = JSON.parse(JSON.stringify(await graphql({ schema, source: query })));
    expect(expected.data.__schema.types.length).toBeGreaterThan(50);
    for (let run = 0; run < 3; run++) {
      const response = await server.executeOperation({ query }, { contextValue: {} as RequestContext });
      if (response.body.kind !== 'single') throw new Error('expected a single answer');
      expect(JSON.parse(JSON.stringify(response.body.singleResult))).toEqual(expected);
    }
  } finally {
    await server.stop();
  }
});
