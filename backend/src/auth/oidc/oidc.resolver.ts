import { Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../account/context';
import { MessagePayload } from '../../account/account.types';
import { oidcService } from './oidc.service';
import { SignInOptions, SingleSignOnLink } from './oidc.types';

/** Single sign-on's GraphQL side; the browser's trips to the provider and back are REST (/api/auth/oidc/*). */
@Resolver()
export class OidcResolver {
  @Query(() => SignInOptions, { description: 'What the sign-in page offers besides the password (public)' })
  signInOptions(@Ctx() ctx: RequestContext): SignInOptions {
    return { singleSignOn: oidcService.options(ctx) };
  }

  @Query(() => SingleSignOnLink, { description: "The caller's link to the OpenID provider; NOT_FOUND when single sign-on is not configured" })
  singleSignOnLink(@Ctx() ctx: RequestContext) {
    return oidcService.link(ctx);
  }

  @Mutation(() => MessagePayload, { description: "Removes the caller's link to the OpenID provider (needs step-up; not while it is the account's only way in)" })
  async unlinkSingleSignOn(@Ctx() ctx: RequestContext): Promise<MessagePayload> {
    return { message: await oidcService.unlink(ctx) };
  }
}
