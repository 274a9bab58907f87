import type { GraphQLScalarType } from 'graphql';
import { Field, Float, GraphQLISODateTime, ID, Int } from 'type-graphql';
import { productField, type ProductFieldDocs, type ProductFieldName, type ProductFieldType } from '@stockroom/schema';

/**
 * TypeGraphQL's @Field decorators applied from the product's field table
 * (schema/src/product-fields.ts), so the Product type and its inputs list
 * exactly the table's fields with their scalars and descriptions.
 */

const SCALARS: Record<ProductFieldType, () => GraphQLScalarType | StringConstructor | BooleanConstructor> = {
  id: () => ID,
  text: () => String,
  money: () => Float,
  integer: () => Int,
  boolean: () => Boolean,
  timestamp: () => GraphQLISODateTime,
};

interface FieldChoice {
  name: ProductFieldName;
  /** Whether GraphQL may leave it out or give null. */
  nullable: boolean;
  /** Which of the field's descriptions this type shows. */
  docs: keyof ProductFieldDocs;
}

/** Adds one @Field per listed field to `target`'s prototype. */
export function applyProductFields(target: abstract new () => object, fields: FieldChoice[]): void {
  for (const { name, nullable, docs } of fields) {
    const field = productField(name);
    const description = field.docs?.[docs];
    Field(SCALARS[field.type], { ...(nullable && { nullable: true }), ...(description !== undefined && { description }) })(target.prototype, name);
  }
}
