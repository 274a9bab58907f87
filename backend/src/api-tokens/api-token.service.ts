import { MAX_API_TOKENS_PER_USER, validateApiTokenInput, type ApiTokenInput, type ApiTokenScope } from '@stockroom/schema';
import { ApiToken } from '../account/api-token.entity';
import type { RequestContext } from '../account/context';
import { MailKind, recipientWithinCap } from '../account/mail-limits';
import { createApiTokenSecret } from '../account/tokens';
import { assertRecentProof } from '../account/step-up';
import { requireViewer } from '../account/viewer';
import { requireMember } from '../account/workspace-access';
import { assertValid, canonicalId } from '../common/errors';
import { runStatement } from '../db/sql';
import { profileLink } from '../mail/client-links';
import { apiTokenCreatedMail } from '../mail/templates';
import { ApiTokenNotFoundError, TooManyApiTokensError } from './api-token.errors';
import { lockUserTokensStatement } from './api-token.queries';

/** A new token: the secret, shown this once, and the stored token it goes with. */
export interface CreatedApiToken {
  token: string;
  apiToken: ApiToken;
}

/** Each scope once, in a fixed order, whatever order and repeats a client sent. */
const scopesOf = (scopes: ApiTokenScope[]): ApiTokenScope[] => (['read', 'write'] as const).filter((scope) => scopes.includes(scope));

/*
 * Every method needs a session (requireViewer): a personal access token can
 * neither list, create nor revoke tokens, so a leaked one cannot make
 * itself a successor. A token is made in the request's workspace and acts
 * only there, with its maker's role at the time of each request.
 */
export const apiTokenService = {
  /** The caller's tokens of the request's workspace, newest first, revoked and expired ones included (the list says so). */
  async list(ctx: RequestContext): Promise<ApiToken[]> {
    const { user } = await requireViewer(ctx);
    const { workspaceId } = await requireMember(ctx, 'readProducts');
    return ctx.em.find(ApiToken, { user, workspace: workspaceId }, { orderBy: { createdAt: 'desc', id: 'asc' } });
  },

  /**
   * Issues a token with a name, scopes and an expiry (30 days to a year, or
   * never). Only its hash is stored; the secret is in this answer only. At
   * most MAX_API_TOKENS_PER_USER per account, counted under a lock on the
   * account's row so two creations at once cannot both take the last place.
   * The account's owner is mailed about it (within the address's hourly cap),
   * so a token made with a stolen session does not go unnoticed.
   */
  async create(ctx: RequestContext, input: ApiTokenInput): Promise<CreatedApiToken> {
    const { user, session } = await requireViewer(ctx);
    const { workspaceId } = await requireMember(ctx, 'readProducts');
    assertValid(validateApiTokenInput(input));
    assertRecentProof(session);
    const { token, hash, prefix } = createApiTokenSecret();
    const apiToken = await ctx.em.transactional(async (em) => {
      await runStatement(em, lockUserTokensStatement(user.id));
      if ((await em.count(ApiToken, { user: user.id })) >= MAX_API_TOKENS_PER_USER) throw new TooManyApiTokensError();
      const created = em.create(ApiToken, {
        user: user.id,
        workspace: workspaceId,
        name: String(input.name).trim(),
        scopes: scopesOf(input.scopes as ApiTokenScope[]),
        prefix,
        tokenHash: hash,
        expiresAt: input.expiresAt == null ? null : new Date(input.expiresAt as string | Date),
        createdAt: new Date(),
      });
      await em.flush();
      return created;
    });
    if (await recipientWithinCap(ctx, MailKind.ApiTokenCreated, user.email)) {
      const about = { name: apiToken.name, canWrite: apiToken.scopes.includes('write') };
      await ctx.mailer.send(apiTokenCreatedMail(user.email, user.firstName, about, profileLink(ctx.config.appUrl)));
    }
    return { token, apiToken };
  },

  /** Revokes one of the caller's tokens: it stops working at once and leaves the list. Another user's id is not found. */
  async revoke(ctx: RequestContext, rawId: unknown): Promise<string> {
    const { user } = await requireViewer(ctx);
    const id = canonicalId(rawId);
    const deleted = await ctx.em.nativeDelete(ApiToken, { id, user: user.id });
    if (!deleted) throw new ApiTokenNotFoundError();
    return id;
  },
};

