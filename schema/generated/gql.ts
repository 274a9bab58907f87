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
};
const documents: Documents = {
    "fragment UserDetails on User {\n  id\n  email\n  firstName\n  lastName\n  fullName\n  avatar\n  status\n  role\n  emailVerified\n  createdAt\n  updatedAt\n}\n\nquery Me {\n  me {\n    ...UserDetails\n  }\n}\n\nfragment SessionDetails on AuthPayload {\n  accessToken\n  expiresAt\n  user {\n    ...UserDetails\n  }\n}\n\nmutation SignIn($input: SignInInput!) {\n  signIn(input: $input) {\n    ...SessionDetails\n  }\n}\n\nmutation SignUp($input: SignUpInput!) {\n  signUp(input: $input) {\n    ...SessionDetails\n  }\n}\n\nmutation SignOut {\n  signOut {\n    message\n  }\n}\n\nmutation ForgotPassword($input: ForgotPasswordInput!) {\n  forgotPassword(input: $input) {\n    message\n  }\n}\n\nmutation ResetPassword($input: ResetPasswordInput!) {\n  resetPassword(input: $input) {\n    message\n  }\n}\n\nmutation VerifyEmail($input: VerifyEmailInput!) {\n  verifyEmail(input: $input) {\n    message\n  }\n}": types.UserDetailsFragmentDoc,
    "mutation ResendVerification {\n  resendVerification {\n    message\n  }\n}": types.ResendVerificationDocument,
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

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;