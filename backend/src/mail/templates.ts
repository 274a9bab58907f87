import type { OutgoingMail } from './mailer';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A mail in the app's voice: greeting, lines, an optional call to action with its link, signature. */
function composeMail(to: string, subject: string, greetingName: string, lines: string[], action?: { text: string; link: string }): OutgoingMail {
  return {
    to,
    subject,
    link: action?.link,
    text: [`Hello ${greetingName},`, '', ...lines, ...(action ? ['', `${action.text}: ${action.link}`] : []), '', '— Stockroom'].join('\n'),
    html: [
      `<p>Hello ${escapeHtml(greetingName)},</p>`,
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      ...(action
        ? [
            `<p><a href="${escapeHtml(action.link)}">${escapeHtml(action.text)}</a></p>`,
            `<p>If the button does not work, paste this address into your browser:<br>${escapeHtml(action.link)}</p>`,
          ]
        : []),
      '<p>— Stockroom</p>',
    ].join('\n'),
  };
}

export const passwordResetMail = (to: string, name: string, link: string) =>
  composeMail(
    to,
    'Reset your Stockroom password',
    name,
    ['Someone asked to reset the password of your Stockroom account.', 'The link works once and expires in 1 hour. If you did not ask for it, ignore this email.'],
    { text: 'Reset your password', link },
  );

export const emailVerificationMail = (to: string, name: string, link: string) =>
  composeMail(
    to,
    'Confirm your email address for Stockroom',
    name,
    ['Please confirm that this is your email address.', 'The link expires in 24 hours.'],
    { text: 'Confirm your email address', link },
  );

/** Sent to the old address when an account's email changes: no link, only the news. */
export const emailChangedMail = (to: string, name: string, newEmail: string) =>
  composeMail(to, 'Your Stockroom email address was changed', name, [
    `The email address of your Stockroom account was changed to ${newEmail}.`,
    'If you did not make this change, reset your password and contact support.',
  ]);

/** How a password came to change: from the profile, first set there (single sign-on opened the account without one), or from an emailed link. */
export type PasswordChange = 'changed' | 'set' | 'reset';

const PASSWORD_CHANGE_WORDS: Record<PasswordChange, { subject: string; what: string; sessions: string }> = {
  changed: {
    subject: 'Your Stockroom password was changed',
    what: 'The password of your Stockroom account was changed.',
    sessions: 'Your other sessions were signed out.',
  },
  set: {
    subject: 'A password was set for your Stockroom account',
    what: 'Your Stockroom account now has a password: it signs in with your email and that password too.',
    sessions: 'Your other sessions were signed out.',
  },
  reset: {
    subject: 'Your Stockroom password was reset',
    what: 'The password of your Stockroom account was reset from a link we emailed to this address.',
    sessions: 'Every session was signed out.',
  },
};

/** Sent to an account whose password changed, whichever way, so a change made by someone else does not go unnoticed. */
export function passwordChangedMail(to: string, name: string, how: PasswordChange, profileLink: string): OutgoingMail {
  const words = PASSWORD_CHANGE_WORDS[how];
  return composeMail(
    to,
    words.subject,
    name,
    [words.what, `${words.sessions} If this was not you, reset your password from the sign-in page ("Forgot password?") and check your profile.`],
    { text: 'Open your profile', link: profileLink },
  );
}

/** A change to how an account signs in beyond its password. */
export type SecondFactorChange = { kind: 'totp_enabled' } | { kind: 'totp_disabled' } | { kind: 'recovery_codes_created' } | { kind: 'recovery_code_used'; left: number }
  | { kind: 'passkey_added'; name: string }
  | { kind: 'passkey_removed'; name: string };

/** Sent to an account on every change to its second factors, so a change made by someone else does not go unnoticed. */
export function secondFactorMail(to: string, name: string, change: SecondFactorChange, profileLink: string): OutgoingMail {
  const notYou = 'If this was not you, change your password and check two-factor authentication in your profile.';
  const action = { text: 'Open your profile', link: profileLink };
  switch (change.kind) {
    case 'totp_enabled':
      return composeMail(to, 'Two-factor authentication is on for your Stockroom account', name, ['Signing in to your Stockroom account now asks for a code from your authenticator app.', notYou], action);
    case 'totp_disabled':
      return composeMail(to, 'Two-factor authentication is off for your Stockroom account', name, ['Signing in to your Stockroom account no longer asks for a code: the password alone is enough.', notYou], action);
    case 'recovery_codes_created':
      return composeMail(to, 'New recovery codes for your Stockroom account', name, ['New recovery codes were made for your Stockroom account; the earlier ones no longer work.', notYou], action);
    case 'recovery_code_used':
      return composeMail(
        to,
        'A recovery code was used to sign in to your Stockroom account',
        name,
        [`Someone signed in to your Stockroom account with a recovery code. ${change.left} of your recovery codes ${change.left === 1 ? 'is' : 'are'} left.`, notYou],
        action,
      );
    case 'passkey_added':
      return composeMail(to, 'A passkey was added to your Stockroom account', name, [`A passkey named "${oneLine(change.name)}" can now sign in to your Stockroom account.`, notYou], action);
    case 'passkey_removed':
      return composeMail(to, 'A passkey was removed from your Stockroom account', name, [`The passkey named "${oneLine(change.name)}" no longer signs in to your Stockroom account.`, notYou], action);
  }
}

/**
 * A name someone else may have chosen, on one line: line breaks and other
 * control or format characters (a right-to-left override) become spaces, so
 * it cannot add lines of its own to the mail, such as "no action is needed".
 */
const oneLine = (value: string) => value.replace(/[\p{C}\p{Zl}\p{Zp}\s]+/gu, ' ').trim();

/** What a mail about new access to an account asks of its owner when it was not them. */
const notYouLine = (undo: string) => `If this wasn't you, ${undo} in your profile and change your password.`;

/** Sent to an account's owner when an API token is created for it, so a token made with a stolen session does not go unnoticed. */
export const apiTokenCreatedMail = (to: string, name: string, token: { name: string; canWrite: boolean }, profileLink: string) =>
  composeMail(
    to,
    'A new API token was created for your Stockroom account',
    name,
    [
      `A new API token "${oneLine(token.name)}" was created for your Stockroom account.`,
      `It can ${token.canWrite ? 'read and change' : 'read'} your products and stock.`,
      notYouLine('revoke it'),
    ],
    { text: 'Open your profile', link: profileLink },
  );

/** Sent to an account's owner when a webhook is added to it; only the URL's host, since a path or query may hold the receiver's secret. */
export const webhookCreatedMail = (to: string, name: string, host: string, profileLink: string) =>
  composeMail(
    to,
    'A new webhook was added to your Stockroom account',
    name,
    [`A new webhook was added to your Stockroom account: it sends changes to your products and stock to ${host}.`, notYouLine('delete it')],
    { text: 'Open your profile', link: profileLink },
  );

/** Sent when the server turns a webhook off because its deliveries kept failing. */
export const webhookDisabledMail = (to: string, name: string, url: string, failingFor: string, link: string) =>
  composeMail(
    to,
    'A Stockroom webhook was turned off',
    name,
    [
      `Deliveries to your webhook ${url} have failed for ${failingFor}, so Stockroom turned it off and stopped sending to it.`,
      'Check the delivery log in your profile, fix the receiver, then turn the webhook on again.',
    ],
    { text: 'Open your profile', link },
  );

/** Sent to an invited address, which may have no account yet: it names the workspace, who invited them and the role. */
export const invitationMail = (to: string, invitation: { workspaceName: string; invitedBy: string; role: string; expiresInDays: number }, link: string) =>
  composeMail(
    to,
    `${oneLine(invitation.invitedBy)} invited you to ${oneLine(invitation.workspaceName)} on Stockroom`,
    'there',
    [
      `${oneLine(invitation.invitedBy)} invited you to join the workspace "${oneLine(invitation.workspaceName)}" on Stockroom as ${invitation.role}.`,
      `Open the link to accept: sign in with this email address, or create an account with it. The link expires in ${invitation.expiresInDays} days.`,
      'If you did not expect this invitation, ignore this email.',
    ],
    { text: 'Accept the invitation', link },
  );

/** A product as a low-stock email names it, with the link to its page. */
export interface StockAlertLine {
  /** What happened, in a sentence ('Lamp is out of stock'). */
  text: string;
  link: string;
}

/** One crossing, sent as it happens (IMMEDIATE). */
export const lowStockMail = (to: string, name: string, subject: string, lines: string[], product: StockAlertLine) =>
  composeMail(to, subject, name, [product.text, ...lines, 'You get these emails because you asked for them in your Stockroom profile.'], { text: 'Open the product', link: product.link });

/** The day's crossings in one email (DAILY_DIGEST), each line linking to its product. */
export function lowStockDigestMail(to: string, name: string, products: StockAlertLine[]): OutgoingMail {
  const subject = `Stockroom: ${products.length === 1 ? '1 product' : `${products.length} products`} ran low or out of stock`;
  const intro = 'These products ran low or out of stock since your last digest:';
  const footer = 'You get this digest because you asked for it in your Stockroom profile.';
  return {
    to,
    subject,
    link: products[0]?.link,
    text: [`Hello ${name},`, '', intro, '', ...products.map((product) => `- ${product.text}: ${product.link}`), '', footer, '', '— Stockroom'].join('\n'),
    html: [
      `<p>Hello ${escapeHtml(name)},</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      '<ul>',
      ...products.map((product) => `<li><a href="${escapeHtml(product.link)}">${escapeHtml(product.text)}</a></li>`),
      '</ul>',
      `<p>${escapeHtml(footer)}</p>`,
      '<p>— Stockroom</p>',
    ].join('\n'),
  };
}

/** Sent when an account is linked to an OpenID provider: from then on, whoever controls that provider account can sign in to it. */
export const singleSignOnLinkedMail = (to: string, name: string, provider: string, profileLink: string) =>
  composeMail(
    to,
    `Your Stockroom account was linked to ${oneLine(provider)}`,
    name,
    [`Your Stockroom account can now be signed in to with ${oneLine(provider)}.`, notYouLine('unlink it')],
    { text: 'Open your profile', link: profileLink },
  );

/** Sent when an account's link to an OpenID provider is removed. */
export const singleSignOnUnlinkedMail = (to: string, name: string, provider: string, profileLink: string) =>
  composeMail(
    to,
    `Your Stockroom account was unlinked from ${oneLine(provider)}`,
    name,
    [`Signing in with ${oneLine(provider)} no longer opens your Stockroom account.`, 'If this wasn\'t you, change your password and link the provider again in your profile.'],
    { text: 'Open your profile', link: profileLink },
  );
