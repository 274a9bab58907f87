import { Router, type Request } from 'express';
import { ApiTokenMessages } from '@stockroom/schema';
import type { ApiToken } from '../account/api-token.entity';
import type { RequestContext } from '../account/context';
import { readBody } from '../rest/body';
import { apiTokenService } from './api-token.service';

type ContextOf = (req: Request) => RequestContext;

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** The REST shape of a token: exactly the GraphQL `ApiToken` fields (never the hash). */
export function toApiTokenJson(token: ApiToken) {
  return {
    id: token.id,
    name: token.name,
    scopes: token.scopes,
    prefix: token.prefix,
    createdAt: token.createdAt.toISOString(),
    lastUsedAt: iso(token.lastUsedAt),
    expiresAt: iso(token.expiresAt),
    revokedAt: iso(token.revokedAt),
    revokedReason: token.revokedReason ?? null,
  };
}

/** REST adapter over apiTokenService, mounted at /api/users: the signed-in user's personal access tokens (sessions only). */
export function apiTokenRoutes(contextOf: ContextOf): Router {
  const router = Router();

  /** GET /api/users/profile/tokens (signed in): { apiTokens }, newest first */
  router.get('/profile/tokens', async (req, res) => {
    const tokens = await apiTokenService.list(contextOf(req));
    res.json({ apiTokens: tokens.map(toApiTokenJson) });
  });

  /** POST /api/users/profile/tokens { name, scopes, expiresAt? } (signed in): 201 { token, apiToken }; the token is shown only here */
  router.post('/profile/tokens', async (req, res) => {
    const input = readBody(req, ['name', 'scopes', 'expiresAt'] as const);
    const { token, apiToken } = await apiTokenService.create(contextOf(req), input);
    res.status(201).json({ token, apiToken: toApiTokenJson(apiToken) });
  });

  /** DELETE /api/users/profile/tokens/{id} (signed in, own tokens): { message, id }; another user's token is not found */
  router.delete('/profile/tokens/:id', async (req, res) => {
    const id = await apiTokenService.revoke(contextOf(req), req.params.id);
    res.json({ message: ApiTokenMessages.revoked, id });
  });

  return router;
}
