import fc from 'fast-check';

/**
 * Webhook URLs for the fuzzers that never make the app resolve a name or send
 * anywhere but this machine: valid ones point at a closed port of 127.0.0.1
 * (the fuzzers' app allows private addresses), invalid ones are refused before
 * any lookup (wrong scheme, too long, not a URL).
 */
export function webhookUrl(valid: boolean): fc.Arbitrary<unknown> {
  if (valid) return fc.nat(9999).map((n) => `http://127.0.0.1:9/hooks/${n}`);
  return fc.constantFrom('file:///etc/passwd', 'javascript:alert(1)', 'ftp://127.0.0.1/x', `https://${'a'.repeat(2_100)}.example`, 'not a url', '', 'http://user:pass@127.0.0.1:9/');
}
