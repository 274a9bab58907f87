import { randomBytes, randomUUID } from 'node:crypto';
import { Rules, SINGLE_SIGN_ON_CALLBACK_PATH, SingleSignOnMessages, singleSignOnIsOnlyWayIn } from '@stockroom/schema';
import { throttle } from '../../account/account.service';
import type { RequestContext } from '../../account/context';
import { normalizeEmail } from '../../account/email-uniqueness';
import { hashPassword } from '../../account/password-hasher';
import { Session } from '../../account/session.entity';
import { User, UserStatus } from '../../account/user.entity';
import { assertRecentProof } from '../../account/step-up';
import { requireViewer } from '../../account/viewer';
import { logActivityStatement } from '../../activity/activity-log';
import type { OidcSettings } from '../../config/config';
import { log } from '../../common/log';
import { runStatement } from '../../db/sql';
import { profileLink } from '../../mail/client-links';
import { singleSignOnLinkedMail, singleSignOnUnlinkedMail } from '../../mail/templates';
import { UnauthenticatedError } from '../../common/errors';
import { createAccount, signInIdentifiedUser, type AuthResult, type MfaRequired } from '../auth.service';
import { newChallenge, secondFactorMethodsOfUser } from '../mfa/second-factor';
import { NotLinkedError, OnlyWayInError, SingleSignOnOffError, SingleSignOnRefusedError } from './oidc.errors';
import { OidcIdentity } from './oidc-identity.entity';
import { oidcProvider, type OidcProvider } from './oidc-provider';
import type { OidcTransaction } from './oidc-transaction';

/** What the provider says about the person, from its ID token and, for what that lacks, its userinfo endpoint. */
interface ProviderIdentity {
  issuer: string;
  subject: string;
  email?: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
  name?: string;
}

/** A sign-in's outcome is a session, or (for an account with a second factor) the same challenge a right password opens. */
export type CallbackOutcome = { intent: 'sign-in'; auth: AuthResult | MfaRequired; returnUrl?: string } | { intent: 'link' };

/** What the profile shows of the account's link. */
export interface SingleSignOnLink {
  provider: string;
  linked: boolean;
  email: string | null;
  linkedAt: Date | null;
}

const settingsOf = (ctx: RequestContext): OidcSettings => {
  if (!ctx.config.oidc) throw new SingleSignOnOffError();
  return ctx.config.oidc;
};

const redirectUriOf = (ctx: RequestContext) => `${ctx.config.appUrl}${SINGLE_SIGN_ON_CALLBACK_PATH}`;

/** A path of this app, never another site: a sign-in must not become an open redirect. */
const safeReturnUrl = (value: unknown) => (typeof value === 'string' && /^\/(?![/\\])/.test(value) && value.length <= 2000 ? value : undefined);

async function providerOf(ctx: RequestContext, intent: OidcTransaction['intent']): Promise<OidcProvider> {
  try {
    return await oidcProvider(settingsOf(ctx));
  } catch (error) {
    if (error instanceof SingleSignOnOffError) throw error;
    log.warn({ err: error }, 'single sign-on: the provider’s discovery failed');
    throw new SingleSignOnRefusedError('unavailable', intent);
  }
}

/** A name within the account rules: the provider's, else the email's local part. */
function nameWithinRules(value: string | undefined, fallback: string): string {
  const trimmed = (value ?? '').trim().slice(0, Rules.firstName.max ?? 50);
  return trimmed.length >= (Rules.firstName.min ?? 1) ? trimmed : fallback.slice(0, Rules.firstName.max ?? 50);
}

/** Exchanges the code (state, PKCE and nonce checked by openid-client) and reads who the provider says signed in. */
async function identify(provider: OidcProvider, callbackUrl: URL, transaction: OidcTransaction): Promise<ProviderIdentity> {
  const { client, config } = provider;
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: transaction.codeVerifier,
    expectedState: transaction.state,
    expectedNonce: transaction.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims()!;
  let profile: Record<string, unknown> = claims;
  if (typeof claims.email !== 'string') {
    // Many providers put the email in userinfo only; the subject must be the ID token's.
    profile = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
  }
  const text = (key: string) => (typeof profile[key] === 'string' ? (profile[key] as string) : undefined);
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email: text('email'),
    emailVerified: profile.email_verified === true || profile.email_verified === 'true',
    givenName: text('given_name'),
    familyName: text('family_name'),
    name: text('name'),
  };
}

async function linkIdentity(ctx: RequestContext, user: User, identity: ProviderIdentity, intent: OidcTransaction['intent']): Promise<void> {
  const provider = settingsOf(ctx).name;
  const taken = await ctx.em.findOne(OidcIdentity, { issuer: identity.issuer, subject: identity.subject });
  if (taken) {
    if (taken.user.id === user.id) return;
    throw new SingleSignOnRefusedError('linked_elsewhere', intent);
  }
  if (await ctx.em.count(OidcIdentity, { user, issuer: identity.issuer })) throw new SingleSignOnRefusedError('already_linked', intent);
  await ctx.em.insert(OidcIdentity, {
    id: randomUUID(),
    user,
    issuer: identity.issuer,
    subject: identity.subject,
    email: identity.email?.slice(0, Rules.email.max ?? 254) ?? null,
    createdAt: new Date(),
  });
  await runStatement(ctx.em, logActivityStatement(user.id, 'sso_linked', { provider }));
  await ctx.mailer.send(singleSignOnLinkedMail(user.email, user.firstName, provider, profileLink(ctx.config.appUrl)));
}

/** The account a provider identity signs in to: its linked one, else the one of its verified email, else a new one. */
async function accountFor(ctx: RequestContext, identity: ProviderIdentity): Promise<User> {
  const linked = await ctx.em.findOne(OidcIdentity, { issuer: identity.issuer, subject: identity.subject }, { populate: ['user'] });
  if (linked) return linked.user;
  if (!identity.email) throw new SingleSignOnRefusedError('no_email', 'sign-in');
  // An address the provider has not verified could be anyone's: it never opens an account.
  if (!identity.emailVerified) throw new SingleSignOnRefusedError('unverified_email', 'sign-in');
  const email = normalizeEmail(identity.email);
  let user = await ctx.em.findOne(User, { email });
  if (!user) {
    const fallback = email.split('@')[0];
    user = await createAccount(ctx, {
      email,
      firstName: nameWithinRules(identity.givenName ?? identity.name?.split(' ')[0], fallback),
      lastName: nameWithinRules(identity.familyName ?? identity.name?.split(' ').slice(1).join(' '), fallback),
      // No password anyone knows: the profile offers to set one, as "Forgot password?" does.
      passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
      passwordSet: false,
      // The provider vouched for the address.
      emailVerified: true,
    });
  }
  await linkIdentity(ctx, user, identity, 'sign-in');
  return user;
}

/**
 * Where a single sign-on decides the user is signed in: the session opens
 * here. An account with a second factor (an authenticator or a passkey) gets
 * no session yet: the provider proves who the user is, not that they hold the
 * factor, so the sign-in waits for it as after a right password (the same
 * single-use `mfaToken` for 5 minutes, finished at `signInWithCode`).
 */
async function completeSingleSignOn(ctx: RequestContext, user: User): Promise<AuthResult | MfaRequired> {
  if (user.status !== UserStatus.Active) throw new SingleSignOnRefusedError('account_inactive', 'sign-in');
  const via = { via: 'sso', provider: settingsOf(ctx).name };
  const methods = await secondFactorMethodsOfUser(ctx, user.id);
  if (methods.length) {
    // The session the code opens is listed as this single sign-on's.
    const challenge = newChallenge(user.id, via);
    await runStatement(ctx.em, challenge.statement);
    return { mfaRequired: true, mfaToken: challenge.token, methods };
  }
  return signInIdentifiedUser(ctx, user, via);
}

/** The signed-in account that asked for a link, if its session is still open. */
async function linkingUser(ctx: RequestContext, transaction: OidcTransaction): Promise<User> {
  const session = await ctx.em.findOne(Session, { id: transaction.sessionId, user: transaction.userId }, { populate: ['user'] });
  if (!session || session.revokedAt || session.expiresAt.getTime() <= Date.now() || session.user.status !== UserStatus.Active) {
    throw new SingleSignOnRefusedError('session_ended', 'link');
  }
  return session.user;
}

export const oidcService = {
  /** The provider's name for the sign-in button, or null when single sign-on is off. */
  options(ctx: RequestContext): { name: string } | null {
    return ctx.config.oidc ? { name: ctx.config.oidc.name } : null;
  },

  /**
   * Starts a sign-in (or, with `linkFor`, a link) at the provider: the URL to
   * send the browser to, and the transaction the browser keeps until the callback.
   */
  async start(ctx: RequestContext, intent: OidcTransaction['intent'], options: { returnUrl?: unknown } = {}): Promise<{ url: string; transaction: OidcTransaction }> {
    settingsOf(ctx);
    await throttle(ctx);
    const viewer = intent === 'link' ? await requireViewer(ctx) : undefined;
    const provider = await providerOf(ctx, intent);
    const { client } = provider;
    const transaction: OidcTransaction = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
      intent,
      ...(viewer ? { userId: viewer.user.id, sessionId: viewer.session.id } : { returnUrl: safeReturnUrl(options.returnUrl) }),
    };
    const url = client.buildAuthorizationUrl(provider.config, {
      redirect_uri: redirectUriOf(ctx),
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(transaction.codeVerifier),
      code_challenge_method: 'S256',
      state: transaction.state,
      nonce: transaction.nonce,
      ...(intent === 'link' ? { prompt: 'login' } : {}),
    });
    return { url: url.href, transaction };
  },

  /**
   * The provider sent the browser back: checks state, PKCE, nonce and the ID
   * token (issuer, audience, signature), then signs in (or opens the
   * second-factor step of an account with one) or links. Every
   * refusal is a SingleSignOnRefusedError naming its reason.
   */
  async callback(ctx: RequestContext, query: URLSearchParams, transaction: OidcTransaction | null): Promise<CallbackOutcome> {
    settingsOf(ctx);
    await throttle(ctx);
    if (!transaction) throw new SingleSignOnRefusedError('expired', 'sign-in');
    const { intent } = transaction;
    if (query.has('error')) throw new SingleSignOnRefusedError('denied', intent);
    const provider = await providerOf(ctx, intent);
    const callbackUrl = new URL(`${redirectUriOf(ctx)}?${query}`);
    let identity: ProviderIdentity;
    try {
      identity = await identify(provider, callbackUrl, transaction);
    } catch (error) {
      log.warn({ err: error }, 'single sign-on: the provider’s answer was refused');
      throw new SingleSignOnRefusedError('failed', intent);
    }
    if (intent === 'link') {
      await linkIdentity(ctx, await linkingUser(ctx, transaction), identity, 'link');
      return { intent };
    }
    const user = await accountFor(ctx, identity);
    return { intent, auth: await completeSingleSignOn(ctx, user), returnUrl: transaction.returnUrl };
  },

  /** The session a finished sign-in left for the client to pick up (the token the callback kept in its cookie). */
  async pickUp(ctx: RequestContext, accessToken: string | undefined): Promise<AuthResult> {
    settingsOf(ctx);
    if (!accessToken) throw new UnauthenticatedError(SingleSignOnMessages.noSession);
    const asSession = Object.create(ctx, { bearerToken: { value: accessToken } }) as RequestContext;
    const { user, session } = await requireViewer(asSession);
    return { accessToken, expiresAt: session.expiresAt, user };
  },

  /** The caller's link to the provider, for the profile. */
  async link(ctx: RequestContext): Promise<SingleSignOnLink> {
    const { name } = settingsOf(ctx);
    const { user } = await requireViewer(ctx);
    // One provider is configured at a time: an account's link is its link to it.
    const identity = await ctx.em.findOne(OidcIdentity, { user });
    return { provider: name, linked: identity !== null, email: identity?.email ?? null, linkedAt: identity?.createdAt ?? null };
  },

  /**
   * Removes the caller's link: the provider no longer signs in to this
   * account (its password or a passkey still does). Not while the provider
   * is its only way in (409); like turning a factor off, it needs a sign-in
   * or step-up in the last 10 minutes.
   */
  async unlink(ctx: RequestContext): Promise<string> {
    const { name } = settingsOf(ctx);
    const { user, session } = await requireViewer(ctx);
    if (!(await ctx.em.count(OidcIdentity, { user }))) throw new NotLinkedError();
    const hasPasskey = (await secondFactorMethodsOfUser(ctx, user.id)).includes('webauthn');
    if (singleSignOnIsOnlyWayIn({ passwordSet: user.passwordSet, hasPasskey })) throw new OnlyWayInError(name);
    assertRecentProof(session);
    const removed = await ctx.em.nativeDelete(OidcIdentity, { user });
    if (!removed) throw new NotLinkedError();
    await runStatement(ctx.em, logActivityStatement(user.id, 'sso_unlinked', { provider: name }));
    await ctx.mailer.send(singleSignOnUnlinkedMail(user.email, user.firstName, name, profileLink(ctx.config.appUrl)));
    return SingleSignOnMessages.unlinked(name);
  },
};
