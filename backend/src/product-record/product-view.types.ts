import { Field, Int, ObjectType } from 'type-graphql';
import { PRODUCT_ANSWER_ORDER, productField, type ProductAnswer } from '@stockroom/schema';
import { applyProductFields } from './product-fields.graphql';

/**
 * A product as both transports send it: the columns plus `inStock`. Lists build it from plain rows, never from entities;
 * its fields carry no auth or middleware, so graphql-js reads each property itself (simpleResolvers), without
 * TypeGraphQL's wrapper per field and row.
 */
@ObjectType('Product', { simpleResolvers: true })
class ProductObject {}

// Every field of the table, null where the field may be none.
applyProductFields(
  ProductObject,
  PRODUCT_ANSWER_ORDER.map((name) => ({ name, nullable: productField(name).nullable === true, docs: 'graphql' })),
);

// Beside the table's fields: what a list filtered by a location adds to each product.
Field(() => Int, { nullable: true, description: 'Only in a list filtered by locationId: the stock at that location and below it; null otherwise' })(ProductObject.prototype, 'quantityAtLocation');

/** The GraphQL Product type (a class for TypeGraphQL), whose values are ProductAnswer. */
export const ProductView = ProductObject as new () => ProductAnswer;
export type ProductView = ProductAnswer;
