import { invitationPath } from '@stockroom/schema';
import { loginUrlFor } from '../../lib/return-url';
import { signUpPath } from '../../lib/urls';

export { invitationPath };

/** The route the invitation mail's link opens. */
export const invitationRoute = decodeURIComponent(invitationPath(':token'));

/** Sign-in, coming back to the invitation afterwards. */
export const signInUrlFor = (invitation: string) => loginUrlFor(invitation);

/** Sign-up with the invited address filled in, coming back to the invitation afterwards. */
export const signUpUrlFor = (invitation: string, email: string) =>
  `${signUpPath}?${new URLSearchParams({ returnUrl: invitation, email }).toString()}`;
