import { ApolloClient, ApolloLink, type ObservableQuery } from '@apollo/client';
import { ProductListDocument, type ProductListInput, type ProductListQuery } from '@stockroom/schema/generated/graphql';
import { Observable, type Subscriber } from 'rxjs';
import { createCache } from '../../../lib/apollo';
import { DEFAULT_LIST_PARAMS, toListQuery } from '../shared/product-list-params';

/**
 * A new list request cancels the earlier one, so a late answer for old
 * filters never replaces the list the user asked for last. The list page's
 * useQuery re-observes its ObservableQuery when the URL state changes; this
 * checks, on the app's own cache, that the earlier request is unsubscribed
 * (HttpLink aborts its fetch) and that a late answer to it is never shown.
 */
interface Pending {
  query: ProductListInput;
  subscriber: Subscriber<ApolloLink.Result>;
  cancelled: boolean;
}

function answer(input: ProductListInput, name: string) {
  return {
    data: {
      products: {
        __typename: 'ProductPage',
        products: [
          {
            __typename: 'Product',
            id: `id-${name}`,
            name,
            description: 'A description',
            price: 1,
            category: 'Tools',
            quantity: 1,
            imageUrl: null,
            featured: false,
            inStock: true,
            owner: 'owner',
            createdAt: '2025-01-01T00:00:00.000Z',
            updatedAt: '2025-01-01T00:00:00.000Z',
            version: 1,
          },
        ],
        pagination: { __typename: 'Pagination', page: input.page ?? 1, limit: input.limit ?? 10, total: 1, totalPages: 1, hasNextPage: false, hasPrevPage: false },
      },
    },
  };
}

it('a new list request supersedes the earlier one: it is cancelled and its late answer never shows', async () => {
  const pending: Pending[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((subscriber) => {
        const request: Pending = { query: operation.variables.query as ProductListInput, subscriber, cancelled: false };
        pending.push(request);
        return () => {
          request.cancelled = true;
        };
      }),
  );
  const client = new ApolloClient({ link, cache: createCache() });
  const first = toListQuery(DEFAULT_LIST_PARAMS);
  const second = toListQuery({ ...DEFAULT_LIST_PARAMS, search: 'lamp' });

  const observable: ObservableQuery<ProductListQuery> = client.watchQuery({ query: ProductListDocument, variables: { query: first } });
  const shown: string[] = [];
  const subscription = observable.subscribe((result) => {
    if (result.dataState === 'complete') shown.push(...result.data.products.products.map((p) => p.name));
  });
  await Promise.resolve();
  expect(pending).toHaveLength(1);

  const latest = observable.reobserve({ variables: { query: second } });
  await Promise.resolve();
  expect(pending).toHaveLength(2);
  expect(pending[0].cancelled).toBe(true);

  pending[1].subscriber.next(answer(second, 'Desk lamp') as ApolloLink.Result);
  pending[1].subscriber.complete();
  await latest;
  // The earlier request answers late: nobody is listening any more.
  pending[0].subscriber.next(answer(first, 'Stale') as ApolloLink.Result);
  await Promise.resolve();

  expect(shown).toEqual(['Desk lamp']);
  const current = observable.getCurrentResult();
  expect(current.dataState === 'complete' && current.data.products.products.map((p) => p.name)).toEqual(['Desk lamp']);
  subscription.unsubscribe();
  client.stop();
});
