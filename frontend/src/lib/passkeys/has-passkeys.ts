/** Whether this browser can use passkeys at all (WebAuthn); false in a page rendered at build time. */
export const browserHasPasskeys = (): boolean => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
