/**
 * An outside project's code against the packed @stockroom/schema: the test
 * copies it into a scratch project beside a generated `config.ts`
 * (`baseUrl`, `token`), type-checks it with tsc --strict and runs it. Each
 * step prints one JSON line the test reads.
 */
import { isApiTokenShape, ValidationMessages } from '@stockroom/schema';
import { createStockroomClient, StockroomGraphQLError } from '@stockroom/schema/client';
import { ProductAdjustStockDocument, ProductCreateDocument, ProductListDocument, type ProductListQuery } from '@stockroom/schema/generated/graphql';
import type { components } from '@stockroom/schema/generated/rest';
import { verifyWebhookSignature } from '@stockroom/schema/webhooks';
import { baseUrl, token } from './config';

type RestProduct = components['schemas']['Product'];
const report = (step: string, value: unknown) => console.log(JSON.stringify({ step, value }));

async function main() {
  report('token', isApiTokenShape(token));
  report('message', typeof ValidationMessages === 'object');
  report('webhooks', typeof verifyWebhookSignature);
  const client = createStockroomClient({ baseUrl, token });

  const created = await client.graphql(ProductCreateDocument, { input: { name: 'Typed lamp', price: 24.5, quantity: 10, category: 'Lighting' } });
  report('graphql.create', { name: created.createProduct.name, quantity: created.createProduct.quantity });
  const adjusted = await client.graphql(ProductAdjustStockDocument, { id: created.createProduct.id, delta: -3, reason: 'SALE' });
  report('graphql.adjust', adjusted.adjustStock.quantity);
  const listed: ProductListQuery = await client.graphql(ProductListDocument, { query: { search: 'Typed' } });
  report('graphql.list', listed.products.products.map((product) => product.name));

  const posted = await client.rest.POST('/api/products', { body: { name: 'Typed shelf', price: 80, quantity: 4 } });
  if (posted.error) throw new Error(`create: ${posted.response.status} ${posted.error.message}`);
  const shelf: RestProduct = posted.data.product;
  // The REST document marks no product field required, so a caller checks the id it goes on with.
  if (!shelf.id) throw new Error('create: no id');
  report('rest.create', { status: posted.response.status, name: shelf.name, quantity: shelf.quantity });
  const received = await client.rest.POST('/api/products/{id}/stock', { path: { id: shelf.id }, body: { delta: 6, reason: 'RECEIPT' } });
  if (received.error) throw new Error(`adjust: ${received.response.status} ${received.error.message}`);
  report('rest.adjust', received.data.product.quantity);
  const page = await client.rest.GET('/api/products', { query: { search: 'Typed', sortBy: 'name', sortOrder: 'asc' } });
  if (page.error) throw new Error(`list: ${page.response.status} ${page.error.message}`);
  report('rest.list', { names: page.data.products.map((product) => product.name), total: page.data.pagination.total });

  const missing = await client.rest.GET('/api/products/{id}', { path: { id: '00000000-0000-4000-8000-000000000000' } });
  report('rest.missing', { status: missing.response.status, code: missing.error?.code });
  try {
    await createStockroomClient({ baseUrl, token: 'stk_not-a-real-token' }).graphql(ProductListDocument);
    report('graphql.badToken', 'accepted');
  } catch (error) {
    report('graphql.badToken', error instanceof StockroomGraphQLError ? error.code : String(error));
  }
}

main().catch((error: unknown) => {
  console.log(JSON.stringify({ step: 'failed', value: String(error) }));
  throw error;
});
