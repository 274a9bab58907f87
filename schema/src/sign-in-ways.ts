/** The ways into an account besides single sign-on: a password its holder chose, and a passkey (which signs in instead of a password). */
export interface OtherWaysIn {
  passwordSet: boolean;
  hasPasskey: boolean;
}

/** Single sign-on is the account's only way in: unlinking it would leave none, so it stays linked until a password or passkey is there. */
export const singleSignOnIsOnlyWayIn = ({ passwordSet, hasPasskey }: OtherWaysIn): boolean => !passwordSet && !hasPasskey;

/** Said by the server's refusal to unlink, and by the profile's card beside its disabled Unlink. */
export const onlyWayInMessage = (provider: string) => `Set a password (or add a passkey) before unlinking ${provider}: nothing else signs in to this account`;
