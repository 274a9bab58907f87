/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "fragment UserDetails on User {\n  id\n  email\n  firstName\n  lastName\n  fullName\n  avatar\n  status\n  role\n  emailVerified\n  createdAt\n  updatedAt\n}\n\nquery Me {\n  me {\n    ...UserDetails\n  }\n}\n\nfragment SessionDetails on AuthPayload {\n  accessToken\n  expiresAt\n  user {\n    ...UserDetails\n  }\n}\n\nmutation SignIn($input: SignInInput!) {\n  signIn(input: $input) {\n    ...SessionDetails\n  }\n}\n\nmutation SignUp($input: SignUpInput!) {\n  signUp(input: $input) {\n    ...SessionDetails\n  }\n}\n\nmutation SignOut {\n  signOut {\n    message\n  }\n}\n\nmutation ForgotPassword($input: ForgotPasswordInput!) {\n  forgotPassword(input: $input) {\n    message\n  }\n}\n\nmutation ResetPassword($input: ResetPasswordInput!) {\n  resetPassword(input: $input) {\n    message\n  }\n}\n\nmutation VerifyEmail($input: VerifyEmailInput!) {\n  verifyEmail(input: $input) {\n    message\n  }\n}": typeof types.UserDetailsFragmentDoc,
    "mutation ResendVerification {\n  resendVerification {\n    message\n  }\n}": typeof types.ResendVerificationDocument,
    "fragment ProductRecord on Product {\n  id\n  name\n  description\n  price\n  category\n  quantity\n  imageUrl\n  featured\n  inStock\n  owner\n  createdAt\n  updatedAt\n  version\n}\n\nfragment ProductStatsFigures on ProductStats {\n  totalProducts\n  inStock\n  outOfStock\n  inventoryValue\n}\n\nquery ProductList($query: ProductListInput) {\n  products(query: $query) {\n    products {\n      ...ProductRecord\n    }\n    pagination {\n      page\n      limit\n      total\n      totalPages\n      hasNextPage\n      hasPrevPage\n    }\n  }\n}\n\nquery ProductDetails($id: ID!) {\n  product(id: $id) {\n    ...ProductRecord\n  }\n}\n\nquery ProductStats {\n  productStats {\n    ...ProductStatsFigures\n  }\n}\n\nquery ProductCategories {\n  categories\n}\n\nmutation ProductCreate($input: CreateProductInput!) {\n  createProduct(input: $input) {\n    ...ProductRecord\n  }\n}\n\nmutation ProductUpdate($id: ID!, $input: UpdateProductInput!) {\n  updateProduct(id: $id, input: $input) {\n    ...ProductRecord\n  }\n}\n\nmutation ProductDelete($id: ID!) {\n  deleteProduct(id: $id)\n}\n\nmutation ProductAdjustStock($id: ID!, $delta: Int!) {\n  adjustStock(id: $id, delta: $delta) {\n    ...ProductRecord\n  }\n}": typeof types.ProductRecordFragmentDoc,
};
const documents: Documents = {
    "fragment UserDetails on User {\n  id\n  email\n  firstName\n  lastName\n  fullName\n  avatar\n  status\n  role\n  emailVerified\n  createdAt\n  updatedAt\n}\n\nquery Me {\n  me {\n    ...UserDetails\n  }\n}\n\nfragment SessionDetails on AuthPayload {\n  accessToken\n  expiresAt\n  user {\n    ...UserDetails\n  }\n}\n\nmutation SignIn($input: SignInInput!) {\n  signIn(input: $input) {\n    ...SessionDetails\n  }\n}\n\nmutation SignUp($input: SignUpInput!) {\n  signUp(input: $input) {\n    ...SessionDetails\n  }\n}\n\nmutation SignOut {\n  signOut {\n    message\n  }\n}\n\nmutation ForgotPassword($input: ForgotPasswordInput!) {\n  forgotPassword(input: $input) {\n    message\n  }\n}\n\nmutation ResetPassword($input: ResetPasswordInput!) {\n  resetPassword(input: $input) {\n    message\n  }\n}\n\nmutation VerifyEmail($input: VerifyEmailInput!) {\n  verifyEmail(input: $input) {\n    message\n  }\n}": types.UserDetailsFragmentDoc,
    "mutation ResendVerification {\n  resendVerification {\n    message\n  }\n}": types.ResendVerificationDocument,
    "fragment ProductRecord on Product {\n  id\n  name\n  description\n  price\n  category\n  quantity\n  imageUrl\n  featured\n  inStock\n  owner\n  createdAt\n  updatedAt\n  version\n}\n\nfragment ProductStatsFigures on ProductStats {\n  totalProducts\n  inStock\n  outOfStock\n  inventoryValue\n}\n\nquery ProductList($query: ProductListInput) {\n  products(query: $query) {\n    products {\n      ...ProductRecord\n    }\n    pagination {\n      page\n      limit\n      total\n      totalPages\n      hasNextPage\n      hasPrevPage\n    }\n  }\n}\n\nquery ProductDetails($id: ID!) {\n  product(id: $id) {\n    ...ProductRecord\n  }\n}\n\nquery ProductStats {\n  productStats {\n    ...ProductStatsFigures\n  }\n}\n\nquery ProductCategories {\n  categories\n}\n\nmutation ProductCreate($input: CreateProductInput!) {\n  createProduct(input: $input) {\n    ...ProductRecord\n  }\n}\n\nmutation ProductUpdate($id: ID!, $input: UpdateProductInput!) {\n  updateProduct(id: $id, input: $input) {\n    ...ProductRecord\n  }\n}\n\nmutation ProductDelete($id: ID!) {\n  deleteProduct(id: $id)\n}\n\nmutation ProductAdjustStock($id: ID!, $delta: Int!) {\n  adjustStock(id: $id, delta: $delta) {\n    ...ProductRecord\n  }\n}": types.ProductRecordFragmentDoc,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment UserDetails on User {\n  id\n  email\n  firstName\n  lastName\n  fullName\n  avatar\n  status\n  role\n  emailVerified\n  createdAt\n  updatedAt\n}\n\nquery Me {\n  me {\n    ...UserDetails\n  }\n}\n\nfragment SessionDetails on AuthPayload {\n  accessToken\n  expiresAt\n  user {\n    ...UserDetails\n  }\n}\n\nmutation SignIn($input: SignInInput!) {\n  signIn(input: $input) {\n    ...SessionDetails\n  }\n}\n\nmutation SignUp($input: SignUpInput!) {\n  signUp(input: $input) {\n    ...SessionDetails\n  }\n}\n\nmutation SignOut {\n  signOut {\n    message\n  }\n}\n\nmutation ForgotPassword($input: ForgotPasswordInput!) {\n  forgotPassword(input: $input) {\n    message\n  }\n}\n\nmutation ResetPassword($input: ResetPasswordInput!) {\n  resetPassword(input: $input) {\n    message\n  }\n}\n\nmutation VerifyEmail($input: VerifyEmailInput!) {\n  verifyEmail(input: $input) {\n    message\n  }\n}"): (typeof documents)["fragment UserDetails on User {\n  id\n  email\n  firstName\n  lastName\n  fullName\n  avatar\n  status\n  role\n  emailVerified\n  createdAt\n  updatedAt\n}\n\nquery Me {\n  me {\n    ...UserDetails\n  }\n}\n\nfragment SessionDetails on AuthPayload {\n  accessToken\n  expiresAt\n  user {\n    ...UserDetails\n  }\n}\n\nmutation SignIn($input: SignInInput!) {\n  signIn(input: $input) {\n    ...SessionDetails\n  }\n}\n\nmutation SignUp($input: SignUpInput!) {\n  signUp(input: $input) {\n    ...SessionDetails\n  }\n}\n\nmutation SignOut {\n  signOut {\n    message\n  }\n}\n\nmutation ForgotPassword($input: ForgotPasswordInput!) {\n  forgotPassword(input: $input) {\n    message\n  }\n}\n\nmutation ResetPassword($input: ResetPasswordInput!) {\n  resetPassword(input: $input) {\n    message\n  }\n}\n\nmutation VerifyEmail($input: VerifyEmailInput!) {\n  verifyEmail(input: $input) {\n    message\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ResendVerification {\n  resendVerification {\n    message\n  }\n}"): (typeof documents)["mutation ResendVerification {\n  resendVerification {\n    message\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ProductRecord on Product {\n  id\n  name\n  description\n  price\n  category\n  quantity\n  imageUrl\n  featured\n  inStock\n  owner\n  createdAt\n  updatedAt\n  version\n}\n\nfragment ProductStatsFigures on ProductStats {\n  totalProducts\n  inStock\n  outOfStock\n  inventoryValue\n}\n\nquery ProductList($query: ProductListInput) {\n  products(query: $query) {\n    products {\n      ...ProductRecord\n    }\n    pagination {\n      page\n      limit\n      total\n      totalPages\n      hasNextPage\n      hasPrevPage\n    }\n  }\n}\n\nquery ProductDetails($id: ID!) {\n  product(id: $id) {\n    ...ProductRecord\n  }\n}\n\nquery ProductStats {\n  productStats {\n    ...ProductStatsFigures\n  }\n}\n\nquery ProductCategories {\n  categories\n}\n\nmutation ProductCreate($input: CreateProductInput!) {\n  createProduct(input: $input) {\n    ...ProductRecord\n  }\n}\n\nmutation ProductUpdate($id: ID!, $input: UpdateProductInput!) {\n  updateProduct(id: $id, input: $input) {\n    ...ProductRecord\n  }\n}\n\nmutation ProductDelete($id: ID!) {\n  deleteProduct(id: $id)\n}\n\nmutation ProductAdjustStock($id: ID!, $delta: Int!) {\n  adjustStock(id: $id, delta: $delta) {\n    ...ProductRecord\n  }\n}"): (typeof documents)["fragment ProductRecord on Product {\n  id\n  name\n  description\n  price\n  category\n  quantity\n  imageUrl\n  featured\n  inStock\n  owner\n  createdAt\n  updatedAt\n  version\n}\n\nfragment ProductStatsFigures on ProductStats {\n  totalProducts\n  inStock\n  outOfStock\n  inventoryValue\n}\n\nquery ProductList($query: ProductListInput) {\n  products(query: $query) {\n    products {\n      ...ProductRecord\n    }\n    pagination {\n      page\n      limit\n      total\n      totalPages\n      hasNextPage\n      hasPrevPage\n    }\n  }\n}\n\nquery ProductDetails($id: ID!) {\n  product(id: $id) {\n    ...ProductRecord\n  }\n}\n\nquery ProductStats {\n  productStats {\n    ...ProductStatsFigures\n  }\n}\n\nquery ProductCategories {\n  categories\n}\n\nmutation ProductCreate($input: CreateProductInput!) {\n  createProduct(input: $input) {\n    ...ProductRecord\n  }\n}\n\nmutation ProductUpdate($id: ID!, $input: UpdateProductInput!) {\n  updateProduct(id: $id, input: $input) {\n    ...ProductRecord\n  }\n}\n\nmutation ProductDelete($id: ID!) {\n  deleteProduct(id: $id)\n}\n\nmutation ProductAdjustStock($id: ID!, $delta: Int!) {\n  adjustStock(id: $id, delta: $delta) {\n    ...ProductRecord\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;