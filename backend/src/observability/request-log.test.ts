import type { Request } from 'express';
import { graphqlOperationOf, routeOf } from './request-log';

const request = (fields: Partial<Request>) => ({ method: 'GET', baseUrl: '', originalUrl: '/', ...fields }) as Request;

describe('routeOf', () => {
  it('is the pattern of the route that answered, under the router it is mounted in', () => {
    expect(routeOf(request({ baseUrl: '/api/products', route: { path: '/:id' }, originalUrl: '/api/products/5?x=1' }))).toBe('/api/products/:id');
    expect(routeOf(request({ baseUrl: '/api/products', route: { path: '/' }, originalUrl: '/api/products?search=lamp' }))).toBe('/api/products');
  });

  it('finds the mount path again for an error answered after Express left the router', () => {
    expect(routeOf(request({ route: { path: '/:id' }, originalUrl: '/api/products/00000000-0000-4000-8000-000000000000' }))).toBe('/api/products/:id');
    expect(routeOf(request({ route: { path: '/:id/stock/count' }, originalUrl: '/api/products/abc/stock/count' }))).toBe('/api/products/:id/stock/count');
  });

  it('names what no route answered by where it went, never by the path asked for', () => {
    expect(routeOf(request({ originalUrl: '/graphql?query=x' }))).toBe('/graphql');
    expect(routeOf(request({ originalUrl: '/assets/app-1234.js' }))).toBe('/assets/*');
    expect(routeOf(request({ originalUrl: '/api/reset?token=secret' }))).toBe('/api (no route)');
    expect(routeOf(request({ originalUrl: '/some/page' }))).toBe('(no route)');
  });
});

describe('graphqlOperationOf', () => {
  it('reads the name and type from operationName or the document', () => {
    expect(graphqlOperationOf(request({ method: 'POST', body: { query: 'mutation SignIn($i: SignInInput!) { signIn(input: $i) { accessToken } }' } }))).toEqual({ name: 'SignIn', type: 'mutation' });
    expect(graphqlOperationOf(request({ method: 'POST', body: { query: '# a comment\n query Products { products { pagination { total } } }' } }))).toEqual({ name: 'Products', type: 'query' });
    expect(graphqlOperationOf(request({ method: 'POST', body: { query: '{ me { id } }', operationName: 'Me' } }))).toEqual({ name: 'Me', type: 'query' });
    expect(graphqlOperationOf(request({ method: 'POST', body: { query: '{ me { id } }' } }))).toEqual({ name: undefined, type: 'query' });
    expect(graphqlOperationOf(request({ method: 'POST', body: { nothing: true } }))).toBeUndefined();
  });
});
