/**
 * A real OpenID provider (the `oidc-provider` package) on loopback, for the
 * single sign-on tests: one confidential client that must use PKCE, the
 * package's development login and consent pages, and the accounts given.
 * oidc-provider is an ES module only, which jest's CommonJS runtime cannot
 * load, so the tests run it in a process of its own.
 *
 * Reads OIDC_TEST_PROVIDER (JSON: { clientId, clientSecret, redirectUri,
 * accounts: { [sub]: claims } }); writes one JSON line on stdout: { issuer }.
 */
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const settings = JSON.parse(process.env.OIDC_TEST_PROVIDER);

const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      redirect_uris: [settings.redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ],
  pkce: { required: () => true },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
  findAccount: (_ctx, sub) => {
    const claims = settings.accounts[sub];
    return claims ? { accountId: sub, claims: () => ({ sub, ...claims }) } : undefined;
  },
  cookies: { keys: ['stockroom-test-provider-cookie-key'] },
  features: { devInteractions: { enabled: true } },
});
provider.on('server_error', (_ctx, error) => console.error(error));
server.on('request', provider.callback());
process.stdout.write(`${JSON.stringify({ issuer })}\n`);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
