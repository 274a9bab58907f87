import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Decodes quoted-printable: soft line breaks and =XX escapes (as UTF-8). */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const ch = joined[i];
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      for (const b of Buffer.from(ch, 'utf8')) bytes.push(b);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitHeaders(raw: string): Part {
  const m = /\r?\n\r?\n/.exec(raw);
  const head = m ? raw.slice(0, m.index) : raw;
  const body = m ? raw.slice(m.index + m[0].length) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const idx = line.indexOf(':');
    if (idx > 0) headers[line.slice(0, idx).trim().toLowerCase()] = line.slice(idx + 1).trim();
  }
  return { headers, body };
}

/** All text leaves of a MIME message, decoded. */
export function mimeTexts(raw: string): string[] {
  const { headers, body } = splitHeaders(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const chunks = body.split(`--${boundary}`).slice(1);
    return chunks
      .filter((c) => !c.startsWith('--'))
      .flatMap((c) => mimeTexts(c.replace(/^\r?\n/, '')));
  }
  const cte = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (cte === 'quoted-printable') return [decodeQuotedPrintable(body)];
  if (cte === 'base64') return [Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')];
  return [body];
}

export interface Email {
  file: string;
  to: string;
  subject: string;
  texts: string[];
}

export function parseEml(file: string): Email {
  const raw = readFileSync(file, 'utf8');
  const { headers } = splitHeaders(raw);
  return { file, to: headers['to'] ?? '', subject: headers['subject'] ?? '', texts: mimeTexts(raw) };
}

/** The newest .eml in DATA_DIR/mail addressed to `address`, if any. */
export function newestEmailTo(dataDir: string, address: string): Email | undefined {
  const dir = join(dataDir, 'mail');
  if (!existsSync(dir)) return undefined;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => join(dir, f))
    .map((f) => ({ f, t: statSync(f).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  for (const { f } of files) {
    const mail = parseEml(f);
    if (mail.to.toLowerCase().includes(address.toLowerCase())) return mail;
  }
  return undefined;
}

const RESET_LINK = /https?:\/\/[^\s"'<>]+\/auth\/reset-password\?[^\s"'<>]+/;
const VERIFY_LINK = /https?:\/\/[^\s"'<>]+\/auth\/verify-email\?[^\s"'<>]+/;

function htmlUnescape(s: string): string {
  return s.replace(/&amp;/g, '&').replace(/&#x3D;|&#61;/gi, '=').replace(/&quot;/g, '"');
}

export function resetLinkIn(mail: Email): string | undefined {
  for (const text of mail.texts) {
    const m = RESET_LINK.exec(text);
    if (m) return htmlUnescape(m[0]);
  }
  return undefined;
}

/** Polls DATA_DIR/mail until a reset email for `address` arrives; returns its link. */
export async function waitForResetLink(dataDir: string, address: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = newestEmailTo(dataDir, address);
    const link = mail && resetLinkIn(mail);
    if (link) return link;
    if (Date.now() > deadline) {
      throw new Error(
        mail
          ? `The email to ${address} (${mail.file}) has no /auth/reset-password link`
          : `No email to ${address} in ${join(dataDir, 'mail')} after ${timeoutMs} ms`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The /auth/verify-email link of every email to `address` in DATA_DIR/mail, oldest first. */
export function verifyLinksTo(dataDir: string, address: string): string[] {
  const dir = join(dataDir, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => join(dir, f))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
    .map(parseEml)
    .filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()))
    .flatMap((mail) => mail.texts.map((text) => VERIFY_LINK.exec(text)?.[0]).filter((link): link is string => !!link).slice(0, 1))
    .map(htmlUnescape);
}

/** Polls DATA_DIR/mail until `count` verification emails to `address` have arrived; returns their links, oldest first. */
export async function waitForVerifyLinks(dataDir: string, address: string, count: number, timeoutMs = 15_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const links = verifyLinksTo(dataDir, address);
    if (links.length >= count) return links;
    if (Date.now() > deadline) throw new Error(`${links.length} of ${count} verification emails to ${address} in ${join(dataDir, 'mail')} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const INVITATION_LINK = /https?:\/\/[^\s"'<>]+\/invitations\/[^\s"'<>]+/;

/** Polls DATA_DIR/mail until an invitation email to `address` arrives; returns its link. */
export async function waitForInvitationLink(dataDir: string, address: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = newestEmailTo(dataDir, address);
    const link = mail?.texts.map((text) => INVITATION_LINK.exec(text)?.[0]).find(Boolean);
    if (link) return htmlUnescape(link);
    if (Date.now() > deadline) throw new Error(`No invitation email to ${address} in ${join(dataDir, 'mail')} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
