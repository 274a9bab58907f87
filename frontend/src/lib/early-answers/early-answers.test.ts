import { gql, type TypedDocumentNode } from '@apollo/client';
import { matchRoutes } from 'react-router-dom';
import { TOKEN_EXPIRATION_STORAGE_KEY, TOKEN_STORAGE_KEY, WORKSPACE_HEADER } from '@stockroom/schema';
import { askEarly, earlyAnswers, routeParams } from '../../ask-early';
import { createApolloClient } from '../apollo';
import { WORKSPACE_KEY_PREFIX } from '../workspace/workspace-storage';
import type { EarlyRequests } from './early-requests';
import { noteEarlyRequests } from './note-early-requests';
import { dropEarlyAnswers, takeEarlyAnswer } from './take-early-answer';

/**
 * A signed-in page's first requests sent before the app loads (src/ask-early.ts), and taken by the
 * app's own Apollo client when it asks the very same (take-early-answer.ts): the requests are
 * written down from that client, as the build writes them, and the client is the app's.
 */
const ProductNameDocument = gql`
  query ProductName($id: ID!) {
    product(id: $id) {
      id
      name
    }
  }
`;
const MeNameDocument: TypedDocumentNode<{ me: { id: string; fullName: string } }> = gql`
  query Me {
    me {
      id
      fullName
    }
  }
`;

/** A token whose `sub` names the account, as the server signs it (the signature is not read here). */
const tokenOf = (sub: string) => `h.${Buffer.from(JSON.stringify({ sub })).toString('base64url')}.s`;
const TOKEN = tokenOf('account-1');
const NOW = 1_000_000;

interface Sent {
  body: string;
  headers: Record<string, string>;
}

describe('early requests', () => {
  let sent: Sent[];
  let stored: Map<string, string>;
  const storage = { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value), removeItem: (key: string) => void stored.delete(key) };
  const answerTo = (body: string) => {
    const { operationName, variables } = JSON.parse(body) as { operationName: string; variables: { id?: string } };
    const data = operationName === 'Me' ? { me: { __typename: 'User', id: 'account-1', fullName: 'Ada Early' } } : { product: { __typename: 'Product', id: variables.id, name: `Product ${variables.id}` } };
    return new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } });
  };

  /** The page's requests as the build writes them (its own code, with this test's documents): the route's `:id`, then the profile. */
  const configFor = (path: string): Promise<EarlyRequests> =>
    noteEarlyRequests(
      path,
      (client) => client.query({ query: ProductNameDocument, variables: { id: ':id' } }),
      (client) => client.query({ query: MeNameDocument, fetchPolicy: 'network-only' }),
    );

  beforeEach(() => {
    sent = [];
    stored = new Map([
      [TOKEN_STORAGE_KEY, TOKEN],
      [TOKEN_EXPIRATION_STORAGE_KEY, String(NOW + 60_000)],
      [`${WORKSPACE_KEY_PREFIX}account-1`, 'workspace-7'],
    ]);
    Object.assign(globalThis, {
      window: { localStorage: storage, sessionStorage: storage, location: { href: 'http://localhost/products/p-1' } },
      fetch: (_input: RequestInfo | URL, init?: RequestInit) => {
        const body = String(init?.body);
        sent.push({ body, headers: Object.fromEntries(new Headers(init?.headers).entries()) });
        return Promise.resolve(answerTo(body));
      },
    });
  });

  afterEach(() => dropEarlyAnswers());

  /** Sends the page's early requests as its first script does, leaving them where the app looks; returns what went. */
  async function loadPage(pathname: string): Promise<Sent[]> {
    const config = await configFor('/products/:id');
    sent = [];
    (window as unknown as Record<string, unknown>).stockroomEarlyAnswers = earlyAnswers(askEarly(config, { pathname, search: '' }, storage, NOW));
    const early = sent;
    sent = [];
    return early;
  }

  it("sends the page's request and the profile's, with the session and the chosen workspace, and the app's client takes both answers", async () => {
    const early = await loadPage('/products/p-1');
    expect(early.map((request) => JSON.parse(request.body).operationName)).toEqual(['ProductName', 'Me']);
    expect(JSON.parse(early[0].body).variables).toEqual({ id: 'p-1' });
    expect(early[0].headers).toMatchObject({ authorization: `Bearer ${TOKEN}`, [WORKSPACE_HEADER.toLowerCase()]: 'workspace-7' });
    // The account's own question names no workspace, as the app's never does.
    expect(early[1].headers[WORKSPACE_HEADER.toLowerCase()]).toBeUndefined();

    const client = createApolloClient();
    const product = await client.query({ query: ProductNameDocument, variables: { id: 'p-1' } });
    const me = await client.query({ query: MeNameDocument, fetchPolicy: 'network-only' });
    expect(product.data).toEqual({ product: { __typename: 'Product', id: 'p-1', name: 'Product p-1' } });
    expect(me.data?.me).toMatchObject({ fullName: 'Ada Early' });
    expect(sent).toEqual([]);
  });

  it('hands each answer over once: the same question asked again goes to the server', async () => {
    await loadPage('/products/p-1');
    const client = createApolloClient();
    await client.query({ query: MeNameDocument, fetchPolicy: 'network-only' });
    expect(sent).toEqual([]);
    await client.query({ query: MeNameDocument, fetchPolicy: 'network-only' });
    expect(sent.map((request) => JSON.parse(request.body).operationName)).toEqual(['Me']);
  });

  it('leaves the server to answer another product, another workspace or another session', async () => {
    await loadPage('/products/p-1');
    const client = createApolloClient();
    await client.query({ query: ProductNameDocument, variables: { id: 'p-2' } });
    expect(sent).toHaveLength(1);

    // The workspace chosen in another tab since the page asked.
    stored.set(`${WORKSPACE_KEY_PREFIX}account-1`, 'workspace-8');
    await client.query({ query: ProductNameDocument, variables: { id: 'p-1' } });
    expect(sent).toHaveLength(2);
    expect(sent[1].headers[WORKSPACE_HEADER.toLowerCase()]).toBe('workspace-8');

    stored.set(TOKEN_STORAGE_KEY, tokenOf('account-1') + 'x');
    await client.query({ query: MeNameDocument, fetchPolicy: 'network-only' });
    expect(sent).toHaveLength(3);
  });

  it('lets an untaken answer go once the first view is drawn', async () => {
    await loadPage('/products/p-1');
    dropEarlyAnswers();
    const client = createApolloClient();
    await client.query({ query: MeNameDocument, fetchPolicy: 'network-only' });
    expect(sent).toHaveLength(1);
  });

  it("sends nothing signed out, with an expired session, with no network or on another route, and only the profile's with a query string", async () => {
    const config = await configFor('/products/:id');
    sent = [];
    const ask = (pathname: string, search = '') => askEarly(config, { pathname, search }, storage, NOW).map((answer) => JSON.parse(answer.body).operationName);

    expect(ask('/products/p-1', '?tab=history')).toEqual(['Me']);
    expect(ask('/products')).toEqual([]);
    expect(ask('/products/p-1/edit')).toEqual([]);
    stored.set(TOKEN_EXPIRATION_STORAGE_KEY, String(NOW));
    expect(ask('/products/p-1')).toEqual([]);
    stored.set(TOKEN_EXPIRATION_STORAGE_KEY, 'soon');
    expect(ask('/products/p-1')).toEqual([]);
    stored.delete(TOKEN_EXPIRATION_STORAGE_KEY);
    expect(ask('/products/p-1')).toEqual([]);
    stored.set(TOKEN_EXPIRATION_STORAGE_KEY, String(NOW + 1));
    stored.delete(TOKEN_STORAGE_KEY);
    expect(ask('/products/p-1')).toEqual([]);
    stored.set(TOKEN_STORAGE_KEY, TOKEN);
    Object.defineProperty(globalThis, 'navigator', { value: { onLine: false }, configurable: true });
    try {
      expect(ask('/products/p-1')).toEqual([]);
    } finally {
      Object.defineProperty(globalThis, 'navigator', { value: { onLine: true }, configurable: true });
    }
    expect(ask('/products/p-1')).toEqual(['ProductName', 'Me']);
    expect(sent).toHaveLength(3);
  });

  it("reads a route's parameters as the router does", () => {
    expect(routeParams('/products/:id', '/products/abc')).toEqual({ id: 'abc' });
    expect(routeParams('/products/:id', '/products/abc/')).toEqual({ id: 'abc' });
    expect(routeParams('/products/:id', '/products/caf%C3%A9')).toEqual({ id: 'café' });
    expect(routeParams('/products/:id', '/products/')).toBeNull();
    expect(routeParams('/products/:id', '/locations/abc')).toBeNull();
    expect(routeParams('/dashboard', '/dashboard')).toEqual({});
  });

  it('takes nothing for a request it did not send', () => {
    const headers = { authorization: 'Bearer t' };
    (window as unknown as Record<string, unknown>).stockroomEarlyAnswers = earlyAnswers([{ body: '{"operationName":"Me"}', headers, response: Promise.resolve(new Response('{}')), controller: new AbortController() }]);
    expect(takeEarlyAnswer({ method: 'POST', body: '{"operationName":"Me" }', headers })).toBeNull();
    expect(takeEarlyAnswer({ method: 'POST', body: '{"operationName":"Me"}', headers: { authorization: 'Bearer u' } })).toBeNull();
    expect(takeEarlyAnswer({ method: 'GET' })).toBeNull();
    expect(takeEarlyAnswer(undefined)).toBeNull();
    expect(takeEarlyAnswer({ method: 'POST', body: '{"operationName":"Me"}', headers: { authorization: 'Bearer t' } })).not.toBeNull();
  });

  it("gives up a taken answer when the app does (its timeout, a query no longer wanted), and aborts the early request", async () => {
    let earlySignal: AbortSignal | undefined;
    Object.assign(globalThis, {
      fetch: (_input: RequestInfo | URL, init?: RequestInit) => {
        earlySignal = init?.signal ?? undefined;
        return new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
      },
    });
    const config = await configFor('/products/:id');
    (window as unknown as Record<string, unknown>).stockroomEarlyAnswers = earlyAnswers(askEarly(config, { pathname: '/products/p-1', search: '' }, storage, NOW));
    const [, me] = config.requests;
    const giveUp = new AbortController();
    const answer = takeEarlyAnswer({ method: 'POST', body: me.body, headers: { ...me.headers, authorization: `Bearer ${TOKEN}` }, signal: giveUp.signal });
    expect(answer).not.toBeNull();
    giveUp.abort(new Error('timed out'));
    await expect(answer).rejects.toThrow('timed out');
    expect(earlySignal?.aborted).toBe(true);
  });

  it("reads a route's parameters as the app's router does", () => {
    const routes = ['/products/:id', '/products/:id/edit', '/locations/:id', '/stock-counts/:id', '/dashboard'];
    const paths = ['/products/abc', '/products/abc/', '/products/caf%C3%A9', '/products/', '/products/abc/edit', '/locations/x%20y', '/stock-counts/7', '/dashboard', '/dashboard/', '/products'];
    for (const route of routes)
      for (const path of paths) expect({ route, path, params: routeParams(route, path) }).toEqual({ route, path, params: matchRoutes([{ path: route }], path)?.[0].params ?? null });
  });
});
