import { ApolloServer, HeaderMap } from '@apollo/server';
import { GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import { compileQuery } from 'graphql-jit';
import { GraphQLISODateTime } from 'type-graphql';
import type { RequestContext } from '../account/context';
import { DatabaseBreaker } from '../common/database-outage';
import { NotFoundError, ValidationError } from '../common/errors';
import { createApolloServer } from './apollo';
import { compiledExecution } from './compiled-execution';

/** What the mutations below did, so a test sees which of them ran. */
let sideEffects: string[] = [];

const Product = new GraphQLObjectType({
  name: 'Product',
  fields: {
    id: { type: new GraphQLNonNull(GraphQLInt) },
    name: { type: new GraphQLNonNull(GraphQLString) },
    createdAt: { type: new GraphQLNonNull(GraphQLISODateTime) },
    tags: { type: new GraphQLList(GraphQLString) },
    checked: {
      type: GraphQLString,
      resolve: (product: { id: number }) => {
        if (product.id === 2) throw new ValidationError({ name: 'Name is required' });
        return 'ok';
      },
    },
  },
});

const products = [1, 2, 3].map((id) => ({ id, name: `Product <${id}> ‘é’`, createdAt: new Date(Date.UTC(2026, 10, id)), tags: id === 3 ? null : ['a', `b${id}`] }));

const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      products: {
        type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(Product))),
        args: { limit: { type: new GraphQLNonNull(GraphQLInt) } },
        resolve: async (_root, { limit }: { limit: number }) => products.slice(0, limit),
      },
      echo: {
        type: new GraphQLNonNull(GraphQLString),
        args: { text: { type: new GraphQLNonNull(GraphQLString) }, times: { type: GraphQLInt, defaultValue: 1 } },
        resolve: (_root, { text, times }: { text: string; times: number }) => text.repeat(times),
      },
      product: {
        type: Product,
        args: { id: { type: new GraphQLNonNull(GraphQLInt) } },
        resolve: (_root, { id }: { id: number }) => {
          const product = products.find((candidate) => candidate.id === id);
          if (!product) throw new NotFoundError('Product not found');
          return product;
        },
      },
    },
  }),
  mutation: new GraphQLObjectType({
    name: 'Mutation',
    fields: {
      fails: {
        type: new GraphQLNonNull(GraphQLInt),
        resolve: () => {
          sideEffects.push('fails');
          throw new ValidationError({ quantity: 'Quantity must be a whole number' });
        },
      },
      changes: {
        type: new GraphQLNonNull(GraphQLInt),
        resolve: () => {
          sideEffects.push('changes');
          return 1;
        },
      },
    },
  }),
});

const LIST = `query List($limit: Int!) { products(limit: $limit) { id name createdAt tags checked } one: product(id: 1) { name } none: product(id: 9) { id } }`;

async function ask(server: ApolloServer<RequestContext>, query: string, variables?: Record<string, unknown>) {
  const response = await server.executeHTTPGraphQLRequest({
    httpGraphQLRequest: { method: 'POST', headers: new HeaderMap([['content-type', 'application/json']]), search: '', body: { query, ...(variables && { variables }) } },
    context: async () => ({}) as RequestContext,
  });
  if (response.body.kind !== 'complete') throw new Error('expected a complete answer');
  return { status: response.status ?? 200, body: JSON.parse(response.body.string) };
}

describe('the app’s GraphQL server', () => {
  let server: ApolloServer<RequestContext>;
  beforeEach(async () => {
    sideEffects = [];
    server = await createApolloServer(schema, new DatabaseBreaker(async () => undefined));
  });
  afterEach(() => server.stop());

  it('answers a query alike on its first run and once compiled: data, nulls, scalars and errors', async () => {
    const answers = [];
    for (let run = 0; run < 4; run++) answers.push(await ask(server, LIST, { limit: 3 }));
    expect(answers[0]).toEqual({
      status: 200,
      body: {
        data: {
          products: [
            { id: 1, name: 'Product <1> ‘é’', createdAt: '2026-11-01T00:00:00.000Z', tags: ['a', 'b1'], checked: 'ok' },
            { id: 2, name: 'Product <2> ‘é’', createdAt: '2026-11-02T00:00:00.000Z', tags: ['a', 'b2'], checked: null },
            { id: 3, name: 'Product <3> ‘é’', createdAt: '2026-11-03T00:00:00.000Z', tags: null, checked: 'ok' },
          ],
          one: { name: 'Product <1> ‘é’' },
          none: null,
        },
        errors: [
          { message: 'Product not found', path: ['none'], extensions: { code: 'NOT_FOUND' } },
          { message: 'Name is required', path: ['products', 1, 'checked'], extensions: { code: 'BAD_USER_INPUT', fields: { name: 'Name is required' } } },
        ],
      },
    });
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
  });

  it('reads inline arguments as text, never as code, once compiled: quotes, backticks, template and script fragments', async () => {
    const hostile = ['"); process.exit(1); //', '`${process.exit(1)}`', "'; DROP TABLE products; --", '</script><script>alert(1)</script>', 'line\nbreak \\ back\u0000slash', 'café ‘é’ 🧾'];
    for (const text of hostile) {
      const query = `{ echo(text: ${JSON.stringify(text)}) twice: echo(text: ${JSON.stringify(text)}, times: 2) }`;
      for (let run = 0; run < 3; run++) {
        expect(await ask(server, query)).toEqual({ status: 200, body: { data: { echo: text, twice: text + text } } });
      }
    }
  });

  it('answers a bad variable with 400 and graphql-js’s message, before and after the query is compiled', async () => {
    const bad = `Variable "$limit" got invalid value "two"; Int cannot represent non-integer value: "two"`;
    for (let run = 0; run < 3; run++) {
      expect(await ask(server, LIST, { limit: 'two' })).toEqual({
        status: 400,
        body: { errors: [{ message: bad, locations: [{ line: 1, column: 12 }], extensions: { code: 'BAD_USER_INPUT' } }] },
      });
      expect((await ask(server, LIST, { limit: 1 })).status).toBe(200);
    }
  });

  it('answers several operations with none named with 400, however often it is sent', async () => {
    for (let run = 0; run < 3; run++) {
      expect(await ask(server, 'query A { one: product(id: 1) { id } } query B { products(limit: 1) { id } }')).toEqual({
        status: 400,
        body: { errors: [{ message: 'Must provide operation name if query contains multiple operations.', extensions: { code: 'OPERATION_RESOLUTION_FAILURE' } }] },
      });
    }
  });

  it('stops a mutation at its first failing field every time: the fields after it never run', async () => {
    for (let run = 0; run < 3; run++) {
      const answer = await ask(server, 'mutation { fails changes }');
      expect(answer.body).toEqual({
        data: null,
        errors: [{ message: 'Quantity must be a whole number', path: ['fails'], extensions: { code: 'BAD_USER_INPUT', fields: { quantity: 'Quantity must be a whole number' } } }],
      });
    }
    expect(sideEffects).toEqual(['fails', 'fails', 'fails']);
  });
});

describe('compiling', () => {
  let compiled: string[];
  let server: ApolloServer<RequestContext>;
  beforeEach(async () => {
    compiled = [];
    const counting: typeof compileQuery = (schemaToCompile, document, operationName, options) => {
      compiled.push(operationName ?? '(anonymous)');
      return compileQuery(schemaToCompile, document, operationName, options);
    };
    server = new ApolloServer<RequestContext>({ gateway: compiledExecution(schema, { compile: counting }) });
    await server.start();
  });
  afterEach(() => server.stop());

  it('compiles a query on its second run, once, and each operation of a document apart', async () => {
    const twoOperations = `query First { one: product(id: 1) { name } } query Second { products(limit: 2) { id } }`;
    await ask(server, LIST, { limit: 1 });
    expect(compiled).toEqual([]);
    for (let run = 0; run < 4; run++) expect((await ask(server, LIST, { limit: 2 })).body.data.products).toHaveLength(2);
    expect(compiled).toEqual(['(anonymous)']);

    const send = (operationName: string) =>
      server.executeOperation({ query: twoOperations, operationName }, { contextValue: {} as RequestContext });
    for (let run = 0; run < 3; run++) {
      await send('First');
      await send('Second');
    }
    expect(compiled).toEqual(['(anonymous)', 'First', 'Second']);
  });

  it('never compiles a mutation', async () => {
    for (let run = 0; run < 3; run++) await ask(server, 'mutation { changes }');
    expect(sideEffects.slice(-3)).toEqual(['changes', 'changes', 'changes']);
    expect(compiled).toEqual([]);
  });
});
