import 'graphiql/graphiql.css';
import './playground.css';
import { GraphiQL } from 'graphiql';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readStoredSession } from '../lib/session/storage';

const ENDPOINT = '/graphql';

type GraphQLParams = { query: string; operationName?: string | null; variables?: unknown };

/** Plain POST fetcher: no websocket or multipart transports are needed, so no extra code is bundled. */
async function fetcher(params: GraphQLParams, options?: { headers?: Record<string, unknown> }) {
  const response = await fetch(ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(options?.headers as Record<string, string>) },
    body: JSON.stringify(params),
    credentials: 'same-origin',
  });
  return response.json();
}

/** A signed-in user's token is offered in the headers editor so `me` just works. */
function defaultHeaders(): string | undefined {
  try {
    const { token, expiresAt } = readStoredSession(window.localStorage);
    if (!token || expiresAt === null || expiresAt <= Date.now()) return undefined;
    return JSON.stringify({ Authorization: `Bearer ${token}` }, null, 2);
  } catch {
    return undefined;
  }
}

const DEFAULT_QUERY = `# Welcome to the Stockroom GraphQL playground.
#
# Sign in with the signIn mutation, then put the token in the
# Headers tab as {"Authorization": "Bearer <token>"}. An API token
# from your profile (stk_...) goes there the same way.

query Me {
  me {
    id
    email
    fullName
    role
  }
}
`;

createRoot(document.getElementById('playground')!).render(
  <StrictMode>
    <GraphiQL fetcher={fetcher} defaultQuery={DEFAULT_QUERY} defaultHeaders={defaultHeaders()} shouldPersistHeaders={false} />
  </StrictMode>,
);
