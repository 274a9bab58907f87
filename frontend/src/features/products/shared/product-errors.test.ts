import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { ProductMessages } from '@stockroom/schema';
import { isConflict, isProductMissing, isStaleProduct, loadErrorMessage, productErrorMessage } from './product-errors';

const graphQLError = (message: string, extensions: Record<string, unknown>) =>
  new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions }] });

describe('product error messages: the server\'s, else the call\'s fallback', () => {
  it("shows the server's message when there is one", () => {
    const error = graphQLError('You can only modify products you created', { code: 'FORBIDDEN' });
    expect(productErrorMessage(error, ProductMessages.deleteFailed)).toBe('You can only modify products you created');
  });

  it('falls back to the call-specific message otherwise', () => {
    const bare = new ServerError('Response not successful', { response: new Response('', { status: 500 }), bodyText: '' });
    expect(productErrorMessage(bare, ProductMessages.createFailed)).toBe('Failed to create product');
    expect(productErrorMessage(new TypeError('Failed to fetch'), ProductMessages.updateFailed)).toBe('Failed to update product');
    expect(productErrorMessage(undefined, 'Something went wrong. Please try again')).toBe('Something went wrong. Please try again');
  });

  it('a read that failed shows the server message, else the generic one', () => {
    expect(loadErrorMessage(graphQLError('Server error. Please try again later', { code: 'INTERNAL_SERVER_ERROR' }))).toBe('Server error. Please try again later');
    expect(loadErrorMessage(new TypeError('Failed to fetch'))).toBe('Something went wrong. Please try again');
  });

  it('treats NOT_FOUND and a malformed id as a missing product, and knows a conflict', () => {
    expect(isProductMissing(graphQLError('Product not found', { code: 'NOT_FOUND' }))).toBe(true);
    expect(isProductMissing(graphQLError('Invalid ID format', { code: 'BAD_USER_INPUT', fields: { id: 'Invalid ID format' } }))).toBe(true);
    expect(isProductMissing(graphQLError('Price must be a number', { code: 'BAD_USER_INPUT', fields: { price: 'x' } }))).toBe(false);
    expect(isConflict(graphQLError(ProductMessages.conflict, { code: 'CONFLICT' }))).toBe(true);
    expect(isConflict(graphQLError('Product not found', { code: 'NOT_FOUND' }))).toBe(false);
    // A changed product is the whole form's conflict; a SKU or barcode taken is its field's.
    expect(isStaleProduct(graphQLError(ProductMessages.conflict, { code: 'CONFLICT' }))).toBe(true);
    expect(isStaleProduct(graphQLError(ProductMessages.duplicateBarcode, { code: 'CONFLICT', fields: { barcode: ProductMessages.duplicateBarcode } }))).toBe(false);
  });
});
