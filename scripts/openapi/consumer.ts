/**
 * What a caller writes against the types openapi-typescript generates from
 * /api/openapi.json (`npm run lint:openapi` type-checks this file beside them,
 * as `./openapi`). Each line leans on something the document must keep: an
 * operationId, a response schema, a required field, a closed request body.
 */
import type { components, operations, paths } from './openapi';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

type ProductPage = Json<paths['/api/products']['get']['responses'][200]>;
export const firstName = (page: ProductPage): string | undefined => page.products[0]?.name;
export const total = (page: ProductPage): number | undefined => page.pagination.total;

type ListQuery = NonNullable<operations['listProducts']['parameters']['query']>;
export const query: ListQuery = { page: 2, limit: 50, sortBy: 'price', sortOrder: 'asc', search: 'lamp' };
// @ts-expect-error sortBy is one of name, price, date
export const badSort: ListQuery = { sortBy: 'colour' };

type ProductId = paths['/api/products/{id}']['get']['parameters']['path']['id'];
export const id: ProductId = '5b0c9e62-5f0e-4f55-9a57-8d7b1f0e6a11';

type NewProduct = Json<operations['createProduct']['requestBody']>;
export const lamp: NewProduct = { name: 'Desk lamp', price: 24.5 };
// @ts-expect-error price is required
export const noPrice: NewProduct = { name: 'Desk lamp' };
// @ts-expect-error owner belongs to the server
export const withOwner: NewProduct = { name: 'Desk lamp', price: 24.5, owner: 'me' };

type Changes = Json<paths['/api/products/{id}']['put']['requestBody']>;
export const changes: Changes = { price: 19.99, version: 3 };

type Created = Json<operations['createProduct']['responses'][201]>;
export const createdPrice = (answer: Created): number | undefined => answer.product.price;

type SignUp = Json<operations['signUp']['requestBody']>;
export const signUp: SignUp = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', password: 'Str0ng!Passw0rd', confirmPassword: 'Str0ng!Passw0rd' };
// @ts-expect-error email is required
export const noEmail: SignUp = { firstName: 'Grace', lastName: 'Hopper', password: 'Str0ng!Passw0rd' };

type Auth = Json<operations['signIn']['responses'][200]>;
/** An account with a second factor answers mfaRequired instead of a session. */
export const bearer = (answer: Auth): string | null => ('mfaRequired' in answer ? null : `Bearer ${answer.accessToken}`);
export const mfaToken = (answer: Auth): string | null => ('mfaRequired' in answer ? answer.mfaToken : null);
type SecondStep = Json<operations['signInWithCode']['requestBody']>;
export const secondStep: SecondStep = { mfaToken: 'token', code: '123456' };
export const bearerAfterCode = (answer: Json<operations['signInWithCode']['responses'][200]>): string => `Bearer ${answer.accessToken}`;

type ApiError = components['schemas']['Error'];
export const isLocked = (error: ApiError): boolean => error.code === 'ACCOUNT_LOCKED' || error.code === 'METHOD_NOT_ALLOWED';
export const fieldMessage = (error: ApiError, field: string): string | undefined => error.fields?.[field];
