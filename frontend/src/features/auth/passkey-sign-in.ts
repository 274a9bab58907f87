import type { ApolloClient } from '@apollo/client';
import { PasskeySignInOptionsDocument, SignInWithPasskeyDocument } from '@stockroom/schema/generated/hooks';
import { signWithPasskey } from '../../lib/passkeys/passkey-ceremony';
import { sessionOf, type SessionAnswer } from '../../lib/session/auth-flows';

/**
 * Signs in with a passkey: the server's options, the browser's prompt, the
 * server's check. Without `mfaToken` instead of the password; with it, as
 * the second factor of a sign-in whose password was right. Loaded only when
 * a passkey button is pressed.
 */
export async function signInWithPasskey(client: ApolloClient, mfaToken?: string): Promise<SessionAnswer> {
  const options = await client.mutate({ mutation: PasskeySignInOptionsDocument, variables: { input: { mfaToken: mfaToken ?? null } } });
  if (!options.data) throw new Error('Empty response');
  const assertionJson = await signWithPasskey(options.data.passkeySignInOptions.optionsJson);
  const signedIn = await client.mutate({ mutation: SignInWithPasskeyDocument, variables: { input: { mfaToken: mfaToken ?? null, assertionJson } } });
  if (!signedIn.data) throw new Error('Empty response');
  return sessionOf(signedIn.data.signInWithPasskey);
}
