import { API_TOKEN_REVOKED_REASONS, API_TOKEN_SCOPES, type ApiTokenScope as Scope } from '@stockroom/schema';
import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { enumNamedAsValues } from '../common/graphql-enum';

/* Validation lives in api-token.service.ts (shared rules from @stockroom/schema), so REST and GraphQL answer alike. */

export const ApiTokenScope = enumNamedAsValues(API_TOKEN_SCOPES);
registerEnumType(ApiTokenScope, {
  name: 'ApiTokenScope',
  description: 'read: products, stats, stock history and the dashboard; write: also create, change and delete products and adjust stock',
});

@ObjectType('ApiToken', { description: 'A personal access token; its secret is shown once, when it is created' })
export class ApiTokenView {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => [ApiTokenScope]) scopes!: Scope[];
  @Field({ description: 'The first characters of the token (stk_ and a few more), to tell tokens apart' }) prefix!: string;
  @Field() createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'Updated at most once a minute' }) lastUsedAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'null: never expires' }) expiresAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'Set when the token was revoked by a deactivation of the account or a password reset or change' }) revokedAt!: Date | null;
  @Field(() => String, { nullable: true, description: `Why it was revoked: ${API_TOKEN_REVOKED_REASONS.join(', ')}` }) revokedReason!: string | null;
}

@InputType()
export class CreateApiTokenInput {
  @Field({ description: 'What the token is for, 1 to 100 characters' }) name!: string;
  @Field(() => [ApiTokenScope], { description: 'read, write, or both (write includes read)' }) scopes!: Scope[];
  @Field(() => Date, { nullable: true, description: '30 days to a year from now; null or left out: never expires' }) expiresAt?: Date | null;
}

@ObjectType()
export class CreatedApiTokenPayload {
  @Field({ description: 'The whole token (stk_...): shown this once, only its hash is stored' }) token!: string;
  @Field(() => ApiTokenView) apiToken!: ApiTokenView;
}
