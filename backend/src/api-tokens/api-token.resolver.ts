import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../account/context';
import { apiTokenService } from './api-token.service';
import { ApiTokenView, CreateApiTokenInput, CreatedApiTokenPayload } from './api-token.types';

/** GraphQL adapter over apiTokenService: the signed-in user's personal access tokens (sessions only, never a token). */
@Resolver()
export class ApiTokenResolver {
  @Query(() => [ApiTokenView], { description: "The signed-in user's personal access tokens, newest first" })
  apiTokens(@Ctx() ctx: RequestContext) {
    return apiTokenService.list(ctx);
  }

  @Mutation(() => CreatedApiTokenPayload, { description: 'Creates a personal access token; the answer is the only time its secret is shown' })
  createApiToken(@Arg('input') input: CreateApiTokenInput, @Ctx() ctx: RequestContext) {
    return apiTokenService.create(ctx, input);
  }

  @Mutation(() => ID, { description: 'Revokes one of your tokens: it stops working at once and leaves the list' })
  revokeApiToken(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return apiTokenService.revoke(ctx, id);
  }
}
