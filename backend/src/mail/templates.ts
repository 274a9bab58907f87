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
