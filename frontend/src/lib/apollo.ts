import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, type TypePolicies } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { RetryLink } from '@apollo/client/link/retry';
import { OperationTypeNode } from 'graphql';
import { isSecondFactorRequiredError, isUnauthenticatedError, isWorkspaceNotFoundError } from './errors';
import { takeEarlyAnswer } from './early-answers/take-early-answer';
import { countRequest } from './first-content';
import { notifySessionRejected } from './session/session-events';
import { readBrowserToken } from './session/storage';
import { notifySecondFactorRequired, notifyWorkspaceLost } from './workspace/workspace-events';
import { workspaceHeaders } from './workspace/workspace-headers';

const GRAPHQL_ENDPOINT = '/graphql';
/** A request gives up after 30 s; a read that got no answer is retried up to 3 times. */
const REQUEST_TIMEOUT_MS = 30_000;
const RETRY_ATTEMPTS = 3;

/** The four public auth calls never carry the Authorization header: they act without a session, so a stored token (stale or not) is never sent with them. */
const PUBLIC_OPERATIONS: ReadonlySet<string> = new Set(['SignIn', 'SignUp', 'ForgotPassword', 'ResetPassword']);

/**
 * Operations whose UNAUTHENTICATED answer is not a rejected session: the
 * public calls (a wrong password is not an expired token) and sign-out
 * itself, which would otherwise recurse.
 */
const IGNORED_FOR_SESSION_CHECK: ReadonlySet<string> = new Set([...PUBLIC_OPERATIONS, 'SignOut']);

/**
 * The account's own questions (who it is, its workspaces, an invitation to one) never name a workspace:
 * a remembered workspace the account has lost does not fail them, and the list they bring shows the loss.
 */
const ACCOUNT_OPERATIONS: ReadonlySet<string> = new Set(['Me', 'WorkspaceList', 'InvitationPreview', 'InvitationAccept']);

const operationName = (operation: { operationName?: string }) => operation.operationName ?? '';

/** Whether the app names the chosen workspace in a request for this operation: every one but the account's own and the public calls. */
export const namesWorkspace = (name: string) => !ACCOUNT_OPERATIONS.has(name) && !PUBLIC_OPERATIONS.has(name);

function fetchWithTimeout(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = init?.signal && 'any' in AbortSignal ? AbortSignal.any([init.signal, timeout]) : (init?.signal ?? timeout);
  // A signed-in page's first requests may have been sent before the app loaded (src/ask-early.ts).
  return countRequest(takeEarlyAnswer({ ...init, signal }) ?? fetch(input, { ...init, signal }));
}

/**
 * The cache is the product client state (lists, selected product, stats), so its shape is
 * part of the design:
 * - every `products(query)` answer is its own entry, keyed by the whole query
 *   (page, limit, search, category, inStock, sort): a page of one filter never
 *   answers for another;
 * - a Product is one normalised object per id, so an update or stock change
 *   shows everywhere the product is listed or detailed;
 * - `product(id)` first looks for that normalised object, so opening a row
 *   from the list needs no request.
 * The mutations' cache transitions live in features/products/shared/product-cache.ts.
 */
const typePolicies: TypePolicies = {
  Query: {
    fields: {
      products: { keyArgs: ['query'], merge: false },
      product: {
        keyArgs: ['id'],
        read(existing, { args, toReference }) {
          return existing ?? (typeof args?.id === 'string' ? toReference({ __typename: 'Product', id: args.id }) : undefined);
        },
      },
    },
  },
  Product: { keyFields: ['id'] },
  ProductStats: { merge: true },
};

export const createCache = () => new InMemoryCache({ typePolicies });

/** `fetch` stands in for the network (the build uses it to write down the requests a page starts with). */
export function createApolloClient({ fetch = fetchWithTimeout }: { fetch?: typeof globalThis.fetch } = {}): ApolloClient {
  const authLink = new SetContextLink((previous, operation) => {
    if (PUBLIC_OPERATIONS.has(operationName(operation))) return {};
    const token = readBrowserToken();
    if (!token) return {};
    const workspace = namesWorkspace(operationName(operation)) ? workspaceHeaders() : {};
    return { headers: { ...previous.headers, ...workspace, authorization: `Bearer ${token}` } };
  });

  const errorLink = new ErrorLink(({ error, operation }) => {
    if (IGNORED_FOR_SESSION_CHECK.has(operationName(operation))) return;
    if (isUnauthenticatedError(error)) notifySessionRejected();
    // The remembered workspace was deleted or left: every request in it fails alike, so fall back to the personal one.
    else if (isWorkspaceNotFoundError(error) && Object.keys(workspaceHeaders()).length > 0) notifyWorkspaceLost();
    // The workspace requires a second factor the account lacks (turned on meanwhile, or the factor turned off): the
    // list is read again, and its `needsSecondFactor` puts the page that says what to do in place of the screens.
    else if (isSecondFactorRequiredError(error)) notifySecondFactorRequired();
  });

  // `max` counts the first try too. Only reads are retried, and only when no
  // answer arrived: repeating a mutation could apply it twice.
  const retryLink = new RetryLink({
    delay: { initial: 300, max: 3000, jitter: true },
    attempts: {
      max: RETRY_ATTEMPTS + 1,
      retryIf: (error, operation) =>
        operation.operationType === OperationTypeNode.QUERY &&
        !CombinedGraphQLErrors.is(error) &&
        !ServerError.is(error),
    },
  });

  const httpLink = new HttpLink({ uri: GRAPHQL_ENDPOINT, fetch });

  return new ApolloClient({
    link: ApolloLink.from([errorLink, retryLink, authLink, httpLink]),
    cache: createCache(),
  });
}
