import { ProductAdjustStockDocument, ProductListDocument } from '../../generated/graphql';
import { createStockroomClient, StockroomGraphQLError, type FetchFunction } from './index';

/*
 * The client's requests and its reading of answers, with a fetch that records
 * what it is asked and answers what the test says (the package test runs the
 * client against the real server).
 */
type Sent = { url: string; method: string; headers: Record<string, string>; body: unknown };

function stubFetch(status: number, body: unknown, contentType = 'application/json') {
  const sent: Sent[] = [];
  const fetch: FetchFunction = async (url, init) => {
    sent.push({ url, method: init.method!, headers: init.headers as Record<string, string>, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(status === 204 ? null : text, { status, headers: { 'content-type': contentType } });
  };
  return { fetch, sent };
}

describe('graphql', () => {
  it('posts the printed document, its operation name and variables with the token, and resolves to data', async () => {
    const { fetch, sent } = stubFetch(200, { data: { adjustStock: { id: 'p1', quantity: 7 } } });
    const client = createStockroomClient({ baseUrl: 'http://127.0.0.1:3000/', token: 'stk_abc', fetch });
    const data = await client.graphql(ProductAdjustStockDocument, { id: 'p1', delta: -3, reason: 'SALE' });
    expect(data).toEqual({ adjustStock: { id: 'p1', quantity: 7 } });
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe('http://127.0.0.1:3000/graphql');
    expect(sent[0].headers).toMatchObject({ Authorization: 'Bearer stk_abc', 'Content-Type': 'application/json' });
    expect(sent[0].body).toMatchObject({ operationName: 'ProductAdjustStock', variables: { id: 'p1', delta: -3, reason: 'SALE' } });
    expect((sent[0].body as { query: string }).query).toMatch(/^mutation ProductAdjustStock\(\$id: ID!, \$delta: Int!/);
  });

  it('sends empty variables when an operation takes only optional ones and none are given', async () => {
    const { fetch, sent } = stubFetch(200, { data: { products: { products: [] } } });
    await createStockroomClient({ baseUrl: 'http://127.0.0.1:3000', fetch }).graphql(ProductListDocument);
    expect(sent[0].body).toMatchObject({ operationName: 'ProductList', variables: {} });
    expect(sent[0].headers.Authorization).toBeUndefined();
  });

  it('rejects with the first error and its code when the answer has errors', async () => {
    const { fetch } = stubFetch(401, { errors: [{ message: 'Invalid authentication token', extensions: { code: 'UNAUTHENTICATED' } }], data: null });
    const failing = createStockroomClient({ baseUrl: 'http://127.0.0.1:3000', token: 'stk_bad', fetch }).graphql(ProductListDocument);
    await expect(failing).rejects.toBeInstanceOf(StockroomGraphQLError);
    await expect(failing).rejects.toMatchObject({ message: 'Invalid authentication token', code: 'UNAUTHENTICATED', status: 401 });
  });

  it('rejects with the status and the start of the text when the answer is not JSON', async () => {
    const { fetch } = stubFetch(502, '<html>Bad gateway</html>', 'text/html');
    await expect(createStockroomClient({ baseUrl: 'http://127.0.0.1:3000', fetch }).graphql(ProductListDocument)).rejects.toMatchObject({
      message: 'GraphQL request failed with HTTP 502: <html>Bad gateway</html>',
      status: 502,
    });
  });
});

describe('rest', () => {
  it('fills path parameters (encoded), leaves out empty query parameters and sends the body as JSON', async () => {
    const { fetch, sent } = stubFetch(200, { product: { id: 'a/b', quantity: 9 } });
    const client = createStockroomClient({ baseUrl: 'http://127.0.0.1:3000', token: 'stk_abc', fetch });
    const answer = await client.rest.POST('/api/products/{id}/stock', { path: { id: 'a/b' }, body: { delta: 2, reason: 'RECEIPT' } });
    expect(answer.data).toEqual({ product: { id: 'a/b', quantity: 9 } });
    expect(answer.error).toBeUndefined();
    expect(sent[0]).toMatchObject({ url: 'http://127.0.0.1:3000/api/products/a%2Fb/stock', method: 'POST', body: { delta: 2, reason: 'RECEIPT' } });
    expect(sent[0].headers).toMatchObject({ Authorization: 'Bearer stk_abc', 'Content-Type': 'application/json' });

    await client.rest.GET('/api/products', { query: { search: 'desk lamp', category: undefined, page: 2 } });
    expect(sent[1]).toMatchObject({ url: 'http://127.0.0.1:3000/api/products?search=desk+lamp&page=2', method: 'GET', body: undefined });
    expect(sent[1].headers['Content-Type']).toBeUndefined();
  });

  it('gives a non-2xx answer as error, with the response', async () => {
    const { fetch } = stubFetch(404, { message: 'Product not found', code: 'NOT_FOUND' });
    const answer = await createStockroomClient({ baseUrl: 'http://127.0.0.1:3000', fetch }).rest.GET('/api/products/{id}', { path: { id: 'missing' } });
    expect(answer.data).toBeUndefined();
    expect(answer.error).toEqual({ message: 'Product not found', code: 'NOT_FOUND' });
    expect(answer.response.status).toBe(404);
  });

  it('leaves a body that is not JSON (a CSV export) in the response for the caller', async () => {
    const { fetch } = stubFetch(200, 'sku,name\r\n', 'text/csv; charset=utf-8');
    const answer = await createStockroomClient({ baseUrl: 'http://127.0.0.1:3000', fetch }).rest.GET('/api/products/export');
    expect(answer.data).toBeUndefined();
    expect(await answer.response.text()).toBe('sku,name\r\n');
  });

  it('refuses a path template whose parameter is missing before sending anything', async () => {
    const { fetch, sent } = stubFetch(200, {});
    const client = createStockroomClient({ baseUrl: 'http://127.0.0.1:3000', fetch });
    // @ts-expect-error the path parameters are required
    await expect(client.rest.GET('/api/products/{id}', {})).rejects.toThrow('Missing path parameter "id" for /api/products/{id}');
    expect(sent).toEqual([]);
  });
});
