import type { GatewayExecutor, GatewayInterface } from '@apollo/server-gateway-interface';
import { execute, getVariableValues, GraphQLError, OperationTypeNode, type DocumentNode, type OperationDefinitionNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

/**
 * What is known of one operation of one parsed document: run once (by graphql-js), compiled, or
 * null when graphql-jit could not compile it (graphql-js runs it every time).
 */
type OperationState = 'ran once' | CompiledQuery | null;

/**
 * Runs operations the way graphql-js would, but compiled: graphql-jit turns an
 * operation into one function that reads each field of each row without
 * graphql-js's work per field (collecting, argument values, completion), about
 * an eighth of the node CPU a page of products costs under graphql-js.
 *
 * Apollo keeps each parsed and validated document (its document store), so the
 * same document object comes back for the same query text: compiled functions
 * are kept beside it, and go when Apollo lets it go. A document is compiled on
 * its second run only: compiling costs milliseconds, so a caller sending a new
 * query each time costs what it did under graphql-js, while the app's own
 * operations and an integration's, sent again and again, run compiled.
 *
 * Only queries are compiled. graphql-jit runs every field of a mutation even after one whose failure
 * nulls the answer, and reports the first error only: a client would not learn what the later fields
 * changed. graphql-js stops at that field.
 *
 * Apollo Server takes a custom executor only as a gateway; this is one that
 * serves the app's own schema and never changes it. `compile` is graphql-jit's
 * unless a test counts the compilations.
 */
export function compiledExecution(schema: GraphQLSchema, { compile = compileQuery }: { compile?: typeof compileQuery } = {}): GatewayInterface {
  const byDocument = new WeakMap<DocumentNode, Map<string | undefined, OperationState>>();

  /** The compiled function for a query run before; null for a first run, a mutation, or what graphql-jit cannot compile. */
  const compiledFor = (document: DocumentNode, operation: OperationDefinitionNode | undefined, operationName: string | undefined): CompiledQuery | null => {
    // No operation: several in the document and none named. graphql-js answers that as Apollo expects.
    if (operation?.operation !== OperationTypeNode.QUERY) return null;
    let operations = byDocument.get(document);
    if (!operations) byDocument.set(document, (operations = new Map()));
    const state = operations.get(operationName);
    if (state === undefined) {
      operations.set(operationName, 'ran once');
      return null;
    }
    if (state !== 'ran once') return state;
    const query = compiled(schema, document, operationName, compile);
    operations.set(operationName, query);
    return query;
  };

  const executor: GatewayExecutor = async ({ document, operation, request, context }) => {
    const operationName = request.operationName ?? undefined;
    const variables = request.variables ?? {};
    const query = compiledFor(document, operation, operationName);
    if (!query) return execute({ schema, document, contextValue: context, variableValues: variables, operationName });
    // graphql-js's own coercion first, so a bad variable gets graphql-js's message and the nodes Apollo needs to
    // answer it with 400 BAD_USER_INPUT; the compiled query then reads the variables as sent, as graphql-js would.
    // graphql-jit coerces them again (a few µs): its refusals word and place errors its own way.
    const coerced = getVariableValues(schema, operation?.variableDefinitions ?? [], variables, { maxErrors: 50 });
    if (coerced.errors) return { errors: coerced.errors };
    return withPlainErrors(await query.query(undefined, context, variables));
  };

  return {
    async load() {
      return { executor };
    },
    onSchemaLoadOrUpdate(callback) {
      // Apollo validates documents against the schema it is told of here; this gateway never changes it.
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => undefined;
    },
    async stop() {},
  };
}

function compiled(schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined, compile: typeof compileQuery): CompiledQuery | null {
  try {
    const result = compile(schema, document, operationName);
    return isCompiledQuery(result) ? result : null;
  } catch {
    return null;
  }
}

/**
 * graphql-jit's errors are GraphQLErrors whose message cannot be written, and Apollo's plugins rewrite
 * messages (graphql-armor hides field suggestions): each becomes a graphql-js GraphQLError with the
 * same message, place, path, extensions and original error.
 */
function withPlainErrors(result: ExecutionResult): ExecutionResult {
  if (!result.errors) return result;
  return { ...result, errors: result.errors.map(plainError) };
}

function plainError(error: GraphQLError): GraphQLError {
  const plain = new GraphQLError(error.message, { path: error.path, originalError: error.originalError, extensions: error.extensions });
  Object.defineProperty(plain, 'locations', { value: error.locations, enumerable: error.locations !== undefined, writable: true });
  return plain;
}
