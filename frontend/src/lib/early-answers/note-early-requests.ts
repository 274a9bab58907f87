import { TOKEN_EXPIRATION_STORAGE_KEY, TOKEN_STORAGE_KEY, WORKSPACE_HEADER } from '@stockroom/schema';
import type { ApolloClient } from '@apollo/client';
import { createApolloClient, namesWorkspace } from '../apollo';
import { WORKSPACE_KEY_PREFIX } from '../workspace/workspace-storage';
import type { EarlyRequest, EarlyRequests } from './early-requests';

type Ask = (client: ApolloClient) => Promise<unknown>;

/**
 * What a signed-in screen's HTML asks before the app has loaded (src/ask-early.ts), written down at
 * build time from the app's own Apollo client with a fetch that only notes each request: `askPage`
 * sends the page's first requests (a variable taken from the route written as the route writes
 * it, `:id`), `askProfile` the profile's. The page adds the session's and the workspace's headers.
 */
export async function noteEarlyRequests(path: string, askPage: Ask, askProfile: Ask): Promise<EarlyRequests> {
  const requests: EarlyRequest[] = [];
  let forPage = true;
  const noted: typeof fetch = (_input, init) => {
    const body = String(init?.body);
    const { operationName } = JSON.parse(body) as { operationName: string };
    const headers = new Headers(init?.headers);
    headers.delete('authorization');
    headers.delete(WORKSPACE_HEADER);
    requests.push({ body, headers: Object.fromEntries(headers.entries()), inWorkspace: namesWorkspace(operationName), forPage });
    return Promise.resolve(new Response(JSON.stringify({ data: null }), { headers: { 'content-type': 'application/json' } }));
  };
  const client = createApolloClient({ fetch: noted });
  await askPage(client).catch(() => undefined);
  forPage = false;
  await askProfile(client).catch(() => undefined);
  return { path, tokenKey: TOKEN_STORAGE_KEY, expiryKey: TOKEN_EXPIRATION_STORAGE_KEY, workspaceKeyPrefix: WORKSPACE_KEY_PREFIX, workspaceHeader: WORKSPACE_HEADER, requests };
}
