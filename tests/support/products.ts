import type { Statement } from '../../backend/src/db/sql';
import type { ProductRecord } from './product-shapes';
import type { TestApp } from './test-app';

export { expectGqlError, expectGqlTypeError, expectRestError } from './answers';

/** Every field of a product, as both transports send it. */
export const PRODUCT_FIELDS = 'id name description price costPrice category quantity inStock reorderLevel lowStock imageUrl sku barcode featured owner createdAt updatedAt version';
export const PAGINATION_FIELDS = 'page limit total totalPages hasNextPage hasPrevPage totalIsEstimate';

export const CREATE_PRODUCT = `mutation CreateProduct($input: CreateProductInput!) { createProduct(input: $input) { ${PRODUCT_FIELDS} } }`;
export const UPDATE_PRODUCT = `mutation UpdateProduct($id: ID!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { ${PRODUCT_FIELDS} } }`;
export const DELETE_PRODUCT = `mutation DeleteProduct($id: ID!) { deleteProduct(id: $id) }`;
export const ADJUST_STOCK = `mutation AdjustStock($id: ID!, $delta: Int!) { adjustStock(id: $id, delta: $delta) { ${PRODUCT_FIELDS} } }`;
export const PRODUCT = `query Product($id: ID!) { product(id: $id) { ${PRODUCT_FIELDS} } }`;
export const PRODUCTS = `query Products($query: ProductListInput) { products(query: $query) { products { ${PRODUCT_FIELDS} } pagination { ${PAGINATION_FIELDS} } } }`;
export const PRODUCT_STATS = `query ProductStats { productStats { totalProducts inStock outOfStock lowStock inventoryValue } }`;
export const CATEGORIES = `query Categories { categories }`;
export const FEATURED = `query Featured { featuredProducts { ${PRODUCT_FIELDS} } }`;

let made = 0;
/** A valid product with a unique name; `overrides` replace or add fields. */
export const productInput = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: `Product ${process.pid}-${++made}`,
  description: 'A sturdy thing for the stockroom shelf',
  price: 19.99,
  category: 'Tools',
  quantity: 5,
  ...overrides,
});

/** Creates a product over REST (the way the client does) and returns it; fails loudly if refused. */
export async function createProduct(app: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const answer = await app.rest('POST', '/api/products', productInput(overrides), { token });
  if (answer.status !== 201) throw new Error(`create failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.product as ProductRecord;
}

/** The stored row of a product (or undefined), read straight from PostgreSQL. */
export async function storedProduct(app: TestApp, id: string) {
  const [row] = await app.sql(
    `SELECT id, created_by, name, description, price::text AS price, category, quantity, image_url, sku, barcode, featured, version, created_at, updated_at
     FROM products WHERE id = $1`,
    [id],
  );
  return row as
    | {
        id: string;
        created_by: string;
        name: string;
        description: string;
        price: string;
        category: string;
        quantity: number;
        image_url: string | null;
        sku: string | null;
        barcode: string | null;
        featured: boolean;
        version: number;
        created_at: Date;
        updated_at: Date;
      }
    | undefined;
}

export async function countProducts(app: TestApp, where = 'true', params: unknown[] = []): Promise<number> {
  const [{ count }] = await app.sql(`SELECT count(*)::int AS count FROM products WHERE ${where}`, params);
  return count;
}

/** A statement of product.queries.ts (knex `?` placeholders) as node-postgres wants it ($1, $2, ...). */
export function toPg({ sql, values }: Statement): { text: string; values: unknown[] } {
  let n = 0;
  const text = sql.replace(/\?/g, () => `$${++n}`);
  if (n !== values.length) throw new Error(`${n} placeholders for ${values.length} values in: ${sql}`);
  return { text, values };
}
