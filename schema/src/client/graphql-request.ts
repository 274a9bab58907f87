import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print, type DocumentNode } from 'graphql';
import type { Transport } from './transport';

/** One entry of a GraphQL answer's `errors`: `extensions.code` is one of ERROR_CODES. */
export interface GraphQLErrorEntry {
  message: string;
  path?: ReadonlyArray<string | number>;
  extensions?: { code?: string; fields?: Record<string, string>; [key: string]: unknown };
}

/**
 * An answer with `errors` (or no `data`): the message is the first error's,
 * `code` its `extensions.code`, so a caller branches on the code as the app does.
 */
export class StockroomGraphQLError extends Error {
  readonly code: string | undefined;
  constructor(
    readonly errors: GraphQLErrorEntry[],
    readonly status: number,
  ) {
    super(errors[0]?.message ?? `GraphQL request failed with HTTP ${status}`);
    this.name = 'StockroomGraphQLError';
    this.code = errors[0]?.extensions?.code;
  }
}

/** Variables may be left out only when the operation takes none or only optional ones. */
export type VariablesArgument<TVariables> = {} extends TVariables ? [variables?: TVariables] : [variables: TVariables];

export type GraphQLRequest = <TResult, TVariables>(
  document: TypedDocumentNode<TResult, TVariables>,
  ...variables: VariablesArgument<TVariables>
) => Promise<TResult>;

/* The generated documents are ASTs; each is printed once, on its first use. */
const printed = new WeakMap<DocumentNode, string>();
function queryOf(document: DocumentNode): string {
  let query = printed.get(document);
  if (query === undefined) {
    query = print(document);
    printed.set(document, query);
  }
  return query;
}

function operationNameOf(document: DocumentNode): string | undefined {
  for (const definition of document.definitions) {
    if (definition.kind === 'OperationDefinition') return definition.name?.value;
  }
  return undefined;
}

/** POSTs a typed document to /graphql and resolves to its `data`, or rejects with a StockroomGraphQLError. */
export function graphqlRequest(transport: Transport): GraphQLRequest {
  return async (document, ...[variables]) => {
    const response = await transport('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ query: queryOf(document), operationName: operationNameOf(document), variables: variables ?? {} }),
    });
    const text = await response.text();
    let answer: { data?: unknown; errors?: GraphQLErrorEntry[] };
    try {
      answer = JSON.parse(text);
    } catch {
      throw new StockroomGraphQLError([{ message: `GraphQL request failed with HTTP ${response.status}: ${text.slice(0, 200)}` }], response.status);
    }
    if (answer.errors?.length || answer.data == null) {
      throw new StockroomGraphQLError(answer.errors ?? [], response.status);
    }
    return answer.data as never;
  };
}
