/** The recovery codes as the file "Download" saves: what they are, then one code a line. */
export function recoveryCodesFile(email: string, codes: readonly string[]): string {
  return [`Stockroom recovery codes for ${email}`, 'Each code signs you in once when your authenticator app is not at hand.', '', ...codes, ''].join('\n');
}
