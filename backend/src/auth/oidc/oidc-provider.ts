import type { Configuration } from 'openid-client' with { 'resolution-mode': 'import' };
import type { OidcSettings } from '../../config/config';

/** openid-client is published as an ES module only; the server is CommonJS, so it is imported on first use. */
export type OpenIdClient = typeof import('openid-client', { with: { 'resolution-mode': 'import' } });

export interface OidcProvider {
  client: OpenIdClient;
  config: Configuration;
  /** The issuer the provider's discovery document names, which openid-client checked equals OIDC_ISSUER. */
  issuer: string;
}

/** One discovery per settings object while it succeeds; a failed one is tried again on the next sign-in. */
const discovered = new WeakMap<OidcSettings, Promise<OidcProvider>>();

async function discover(settings: OidcSettings): Promise<OidcProvider> {
  const client = await import('openid-client');
  const config = await client.discovery(new URL(settings.issuer), settings.clientId, undefined, client.ClientSecretBasic(settings.clientSecret), {
    // Plain http is accepted only for a provider on this machine (config.ts refuses any other).
    execute: settings.allowInsecureRequests ? [client.allowInsecureRequests] : [],
    timeout: 10,
  });
  return { client, config, issuer: config.serverMetadata().issuer };
}

/** The provider's metadata and keys, fetched once (OIDC_ISSUER's /.well-known/openid-configuration). */
export function oidcProvider(settings: OidcSettings): Promise<OidcProvider> {
  let provider = discovered.get(settings);
  if (!provider) {
    provider = discover(settings);
    discovered.set(settings, provider);
    provider.catch(() => discovered.delete(settings));
  }
  return provider;
}
