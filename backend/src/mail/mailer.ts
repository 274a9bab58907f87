import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the mail is about, logged in development and test so no mail server is needed. */
  link?: string;
}

/** The transport: the mail queue's worker hands it each mail (see mail-outbox.ts). */
export interface Mailer {
  /** Sends one mail; rejects when the send failed, so the job is retried. */
  deliver(mail: OutgoingMail): Promise<void>;
}

interface MailerOptions {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log?: (line: string) => void;
  /** NODE_ENV: links are logged only in development and test; anywhere else (the default) a log line would hand out a working token. */
  nodeEnv?: 'development' | 'production' | 'test';
}

/**
 * Sends through nodemailer: over SMTP when SMTP_URL is set, otherwise each
 * message is rendered by nodemailer as an RFC 822 .eml file in DATA_DIR/mail,
 * readable by the app's own user only: a mail holds a working reset or
 * verification link.
 */
export function createMailer({ smtpUrl, from, dataDir, log = console.info, nodeEnv = 'production' }: MailerOptions): Mailer {
  const logLinks = nodeEnv === 'development' || nodeEnv === 'test';
  const outbox = join(dataDir, 'mail');
  const transport: Transporter = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;

  async function deliver(mail: OutgoingMail) {
    const info = await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    if (!smtpUrl) {
      mkdirSync(outbox, { recursive: true, mode: 0o700 });
      // mkdir's mode only applies to a folder it creates; one made by an earlier version is tightened too.
      chmodSync(outbox, 0o700);
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = join(outbox, `${Date.now()}-${String(++sequence).padStart(4, '0')}-${safeTo}.eml`);
      writeFileSync(file, (info as unknown as { message: Buffer }).message, { mode: 0o600, flag: 'wx' });
      log(`[mail] "${mail.subject}" to ${mail.to} written to ${file}${logLinks && mail.link ? `\n[mail] link: ${mail.link}` : ''}`);
    }
  }

  return {
    async deliver(mail) {
      try {
        await deliver(mail);
      } catch (error) {
        log(`[mail] sending "${mail.subject}" failed: ${(error as Error).message}`);
        throw error;
      }
    },
  };
}
