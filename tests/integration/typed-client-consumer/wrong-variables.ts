/**
 * Must not compile: the typed documents and REST paths bind their variables,
 * so a string where the schema wants a number is caught before it is sent.
 */
import { createStockroomClient } from '@stockroom/schema/client';
import { ProductAdjustStockDocument } from '@stockroom/schema/generated/graphql';

const client = createStockroomClient({ baseUrl: 'http://127.0.0.1:1', token: 'stk_x' });
export const graphqlCall = () => client.graphql(ProductAdjustStockDocument, { id: '1', delta: 'three' });
export const restCall = () => client.rest.POST('/api/products/{id}/stock', { path: { id: '1' }, body: { delta: 'three' } });
