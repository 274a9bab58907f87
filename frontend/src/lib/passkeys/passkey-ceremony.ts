import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { SecondFactorMessages } from '@stockroom/schema';

/*
 * The browser's side of passkeys, with @simplewebauthn/browser. Imported
 * only when someone uses a passkey (a button's click), so the sign-in page
 * people load first carries none of it.
 */

/** A refusal shaped as the app's error helpers read one: the message is shown as it is. */
const refusal = (message: string) => ({ body: { message } });

/** The browser's prompt closed without a passkey (cancelled, timed out, none for this site) says so; other failures go on as they are. */
function asRefusal(error: unknown): unknown {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  if (name === 'NotAllowedError' || name === 'AbortError' || name === 'InvalidStateError') return refusal(SecondFactorMessages.passkeyCancelled);
  if (name === 'NotSupportedError' || name === 'SecurityError') return refusal(SecondFactorMessages.passkeyUnsupported);
  return error;
}

/** Asks the browser to make a passkey from the server's creation options; the answer as the server reads it. */
export async function createPasskey(optionsJson: string): Promise<string> {
  try {
    return JSON.stringify(await startRegistration({ optionsJSON: JSON.parse(optionsJson) }));
  } catch (error) {
    throw asRefusal(error);
  }
}

/** Asks the browser to sign the server's challenge with a passkey; the answer as the server reads it. */
export async function signWithPasskey(optionsJson: string): Promise<string> {
  try {
    return JSON.stringify(await startAuthentication({ optionsJSON: JSON.parse(optionsJson) }));
  } catch (error) {
    throw asRefusal(error);
  }
}
