import { Router, type Request, type Response } from 'express';
import { profilePath, SINGLE_SIGN_ON_ERROR_PARAM, SINGLE_SIGN_ON_METHODS_KEY, SINGLE_SIGN_ON_MFA_TOKEN_KEY, SINGLE_SIGN_ON_PARAM, signInPath } from '@stockroom/schema';
import type { RequestContext } from '../../account/context';
import { toUserJson } from '../../account/user.entity';
import { isMfaRequired } from '../auth.service';
import { SingleSignOnOffError, SingleSignOnRefusedError } from './oidc.errors';
import { oidcService } from './oidc.service';
import { OIDC_TRANSACTION_TTL_SECONDS, openOidcTransaction, sealOidcTransaction } from './oidc-transaction';

type ContextOf = (req: Request) => RequestContext;

/** The transaction between the start and the callback; the provider's redirect back is a top-level GET, which SameSite=Lax lets through. */
const TRANSACTION_COOKIE = 'stockroom_oidc';
/** The finished sign-in's session, until the client's sign-in page picks it up: never in an address, where history and logs keep it. */
const SESSION_COOKIE = 'stockroom_sso_session';
const SESSION_COOKIE_TTL_SECONDS = 60;
const COOKIE_PATH = '/api/auth/oidc';

function cookieOf(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

const cookieOptions = (ctx: RequestContext, maxAgeSeconds: number) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: ctx.config.appUrl.startsWith('https:'),
  path: COOKIE_PATH,
  maxAge: maxAgeSeconds * 1000,
});

const appPath = (ctx: RequestContext, path: string, query: Record<string, string | undefined> = {}) => {
  const url = new URL(path, `${ctx.config.appUrl}/`);
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, value);
  return url.href;
};

/** The routes answer only when single sign-on is configured: otherwise they are not there (404). */
const requireConfigured = (contextOf: ContextOf) => (req: Request, _res: Response, next: () => void) => {
  if (!contextOf(req).config.oidc) throw new SingleSignOnOffError();
  next();
};

/** REST adapter over oidcService, mounted at /api/auth: the public options, and /oidc/* when configured. */
export function oidcRoutes(contextOf: ContextOf): Router {
  const router = Router();

  /** GET /api/auth/options (public): { singleSignOn: { name } | null }, what the sign-in page offers besides the password. */
  router.get('/options', (req, res) => {
    res.json({ singleSignOn: oidcService.options(contextOf(req)) });
  });

  router.use('/oidc', requireConfigured(contextOf));

  /** GET /api/auth/oidc/start?returnUrl= (public, a browser navigation): 302 to the provider's sign-in. */
  router.get('/oidc/start', async (req, res) => {
    const ctx = contextOf(req);
    try {
      const { url, transaction } = await oidcService.start(ctx, 'sign-in', { returnUrl: req.query.returnUrl });
      res.cookie(TRANSACTION_COOKIE, sealOidcTransaction(transaction, ctx.config.jwtSecret), cookieOptions(ctx, OIDC_TRANSACTION_TTL_SECONDS));
      res.redirect(302, url);
    } catch (error) {
      if (!(error instanceof SingleSignOnRefusedError)) throw error;
      res.redirect(302, appPath(ctx, signInPath, { [SINGLE_SIGN_ON_ERROR_PARAM]: error.reason }));
    }
  });

  /** POST /api/auth/oidc/link (signed in): { url } of the provider's sign-in, whose callback links the account. */
  router.post('/oidc/link', async (req, res) => {
    const ctx = contextOf(req);
    const { url, transaction } = await oidcService.start(ctx, 'link');
    res.cookie(TRANSACTION_COOKIE, sealOidcTransaction(transaction, ctx.config.jwtSecret), cookieOptions(ctx, OIDC_TRANSACTION_TTL_SECONDS));
    res.json({ url });
  });

  /** GET /api/auth/oidc/link (signed in): { provider, linked, email, linkedAt }. */
  router.get('/oidc/link', async (req, res) => {
    const link = await oidcService.link(contextOf(req));
    res.json({ ...link, linkedAt: link.linkedAt?.toISOString() ?? null });
  });

  /** DELETE /api/auth/oidc/link (signed in): { message }; 404 when not linked. */
  router.delete('/oidc/link', async (req, res) => {
    res.json({ message: await oidcService.unlink(contextOf(req)) });
  });

  /**
   * GET /api/auth/oidc/callback (the provider's redirect): a sign-in goes back to the sign-in page,
   * which picks the session up (?sso=signed-in), or, for an account with a second factor, asks for it
   * (?sso=second-factor#mfaToken=…&methods=…: the token in the fragment, which no server's log sees);
   * a link to the profile; a refusal to the sign-in page or the profile with its code.
   */
  router.get('/oidc/callback', async (req, res) => {
    const ctx = contextOf(req);
    const transaction = openOidcTransaction(cookieOf(req, TRANSACTION_COOKIE), ctx.config.jwtSecret);
    // Whatever happens next, the transaction is spent: its code may not be tried again.
    res.clearCookie(TRANSACTION_COOKIE, { ...cookieOptions(ctx, 0), maxAge: undefined });
    const queryStart = req.url.indexOf('?');
    const query = new URLSearchParams(queryStart === -1 ? '' : req.url.slice(queryStart + 1));
    try {
      const outcome = await oidcService.callback(ctx, query, transaction);
      if (outcome.intent === 'link') return res.redirect(302, appPath(ctx, profilePath, { [SINGLE_SIGN_ON_PARAM]: 'linked' }));
      if (isMfaRequired(outcome.auth)) {
        const step = new URLSearchParams({ [SINGLE_SIGN_ON_MFA_TOKEN_KEY]: outcome.auth.mfaToken, [SINGLE_SIGN_ON_METHODS_KEY]: outcome.auth.methods.join(',') });
        return res.redirect(302, `${appPath(ctx, signInPath, { [SINGLE_SIGN_ON_PARAM]: 'second-factor', returnUrl: outcome.returnUrl })}#${step}`);
      }
      res.cookie(SESSION_COOKIE, outcome.auth.accessToken, cookieOptions(ctx, SESSION_COOKIE_TTL_SECONDS));
      res.redirect(302, appPath(ctx, signInPath, { [SINGLE_SIGN_ON_PARAM]: 'signed-in', returnUrl: outcome.returnUrl }));
    } catch (error) {
      if (!(error instanceof SingleSignOnRefusedError)) throw error;
      const back = error.intent === 'link' ? profilePath : signInPath;
      res.redirect(302, appPath(ctx, back, { [SINGLE_SIGN_ON_ERROR_PARAM]: error.reason }));
    }
  });

  /** POST /api/auth/oidc/session (the sign-in page, with the cookie the callback set): { accessToken, expiresAt, user }, once. */
  router.post('/oidc/session', async (req, res) => {
    const ctx = contextOf(req);
    res.clearCookie(SESSION_COOKIE, { ...cookieOptions(ctx, 0), maxAge: undefined });
    const { accessToken, expiresAt, user } = await oidcService.pickUp(ctx, cookieOf(req, SESSION_COOKIE));
    res.json({ accessToken, expiresAt: expiresAt.toISOString(), user: toUserJson(user) });
  });

  return router;
}
