import type { OutgoingMail } from './mailer';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function linkMail(to: string, subject: string, greetingName: string, lines: string[], action: string, link: string): OutgoingMail {
  const name = escapeHtml(greetingName);
  return {
    to,
    subject,
    link,
    text: [`Hello ${greetingName},`, '', ...lines, '', `${action}: ${link}`, '', '— Stockroom'].join('\n'),
    html: [
      `<p>Hello ${name},</p>`,
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
      `<p>If the button does not work, paste this address into your browser:<br>${escapeHtml(link)}</p>`,
      '<p>— Stockroom</p>',
    ].join('\n'),
  };
}

export const passwordResetMail = (to: string, name: string, link: string) =>
  linkMail(
    to,
    'Reset your Stockroom password',
    name,
    ['Someone asked to reset the password of your Stockroom account.', 'The link works once and expires in 1 hour. If you did not ask for it, ignore this email.'],
    'Reset your password',
    link,
  );

export const emailVerificationMail = (to: string, name: string, link: string) =>
  linkMail(
    to,
    'Confirm your email address for Stockroom',
    name,
    ['Please confirm that this is your email address.', 'The link expires in 24 hours.'],
    'Confirm your email address',
    link,
  );

/** Sent to the old address when an account's email changes: no link, only the news. */
export function emailChangedMail(to: string, name: string, newEmail: string): OutgoingMail {
  const lines = [
    `The email address of your Stockroom account was changed to ${newEmail}.`,
    'If you did not make this change, reset your password and contact support.',
  ];
  return {
    to,
    subject: 'Your Stockroom email address was changed',
    text: [`Hello ${name},`, '', ...lines, '', '— Stockroom'].join('\n'),
    html: [`<p>Hello ${escapeHtml(name)},</p>`, ...lines.map((line) => `<p>${escapeHtml(line)}</p>`), '<p>— Stockroom</p>'].join('\n'),
  };
}
