import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMailer } from './mailer';
import { passwordResetMail } from './templates';

const TOKEN = 'pN3q_0bL8sR5tV2wX7yZ1aB4cD6eF9gH0iJ2kL4mN6o';
const LINK = `http://stockroom.test/auth/reset-password?token=${TOKEN}&email=ada%40example.com`;

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'stockroom-mailer-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** Sends one reset mail through a mailer for `nodeEnv` and returns what it logged. */
async function sendLogging(nodeEnv?: 'development' | 'production' | 'test'): Promise<string> {
  const lines: string[] = [];
  const mailer = createMailer({ from: 'Stockroom <no-reply@stockroom.test>', dataDir, log: (line) => lines.push(line), nodeEnv });
  await mailer.deliver(passwordResetMail('ada@example.com', 'Ada', LINK));
  return lines.join('\n');
}

const outbox = () => join(dataDir, 'mail');
const mode = (path: string) => statSync(path).mode & 0o777;

describe('mailer without SMTP', () => {
  it.each(['development', 'test'] as const)('logs the link in %s, so no mail server is needed', async (nodeEnv) => {
    const logged = await sendLogging(nodeEnv);
    expect(logged).toContain('"Reset your Stockroom password" to ada@example.com written to');
    expect(logged).toContain(`[mail] link: ${LINK}`);
  });

  it.each([
    ['production', 'production'],
    ['a mailer not told its environment', undefined],
  ] as const)('in %s logs that a mail was written and where, never the link or its token', async (_, nodeEnv) => {
    const logged = await sendLogging(nodeEnv);
    const [file] = readdirSync(outbox());
    expect(logged).toBe(`[mail] "Reset your Stockroom password" to ada@example.com written to ${join(outbox(), file)}`);
    expect(logged).not.toContain(TOKEN);
  });

  it('writes each .eml readable by its owner only (0600) in a mail folder only its owner can enter (0700)', async () => {
    await sendLogging('test');
    const [file] = readdirSync(outbox());
    expect(file).toMatch(/-ada@example\.com\.eml$/);
    expect(mode(join(outbox(), file))).toBe(0o600);
    expect(mode(outbox())).toBe(0o700);
    // The mail is there, link and all, for its reader.
    expect(readFileSync(join(outbox(), file), 'utf8')).toContain('Subject: Reset your Stockroom password');
  });

  it('tightens a mail folder an earlier version left open', async () => {
    mkdirSync(outbox(), { mode: 0o755 });
    await sendLogging('production');
    expect(mode(outbox())).toBe(0o700);
    for (const file of readdirSync(outbox())) expect(mode(join(outbox(), file))).toBe(0o600);
  });
});
