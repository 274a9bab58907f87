import { useEffect, useState } from 'react';

/** What the server offers besides the password: single sign-on with a provider, by name, when configured. */
export interface SignInOptions {
  singleSignOn: { name: string } | null;
}

/**
 * The server's sign-in options (GET /api/auth/options), null until known or
 * when the server could not be asked (then no single sign-on is shown). A
 * plain fetch: the sign-in page's first load carries no GraphQL query code.
 */
export function useSignInOptions(): SignInOptions | null {
  const [options, setOptions] = useState<SignInOptions | null>(null);
  useEffect(() => {
    let live = true;
    fetch('/api/auth/options')
      .then((response) => (response.ok ? (response.json() as Promise<SignInOptions>) : null))
      .then((answer) => live && setOptions(answer))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return options;
}
