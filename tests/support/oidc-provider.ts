import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';

/** What the provider says about one of its accounts. */
export interface ProviderAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

/** Starts tests/support/oidc-provider-server.mjs (a real oidc-provider) on loopback with these accounts. */
export async function startTestProvider(redirectUri: string, accounts: Record<string, ProviderAccount>): Promise<TestProvider> {
  const clientId = 'stockroom-test';
  const clientSecret = 'a-client-secret-for-the-test-provider';
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, 'oidc-provider-server.mjs')], {
    env: { ...process.env, NODE_ENV: 'test', OIDC_TEST_PROVIDER: JSON.stringify({ clientId, clientSecret, redirectUri, accounts }) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Its warnings about a development setup are expected; what it says is shown only if it dies.
  let said = '';
  child.stderr!.on('data', (chunk) => (said += String(chunk)));
  const lines = createInterface({ input: child.stdout! });
  const issuer = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the test OpenID provider exited (${code}):\n${said}`)));
    lines.once('line', (line) => resolve((JSON.parse(line) as { issuer: string }).issuer));
  });
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () =>
      new Promise((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A browser's cookies, per origin, as much as a test of redirects needs: name and value. */
export class CookieJar {
  private readonly byOrigin = new Map<string, Map<string, string>>();

  store(url: string, headers: Headers): void {
    const origin = new URL(url).origin;
    const jar = this.byOrigin.get(origin) ?? new Map<string, string>();
    for (const cookie of headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, ...value] = pair.trim().split('=');
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0$/i.test(a));
      if (expired) jar.delete(name);
      else jar.set(name, value.join('='));
    }
    this.byOrigin.set(origin, jar);
  }

  header(url: string): string {
    return [...(this.byOrigin.get(new URL(url).origin) ?? new Map()).entries()].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(url: string, name: string): string | undefined {
    return this.byOrigin.get(new URL(url).origin)?.get(name);
  }

  set(url: string, name: string, value: string): void {
    const origin = new URL(url).origin;
    const jar = this.byOrigin.get(origin) ?? new Map<string, string>();
    jar.set(name, value);
    this.byOrigin.set(origin, jar);
  }
}
