import { maskSecrets } from './log';
import { requestIdOf } from './request-id';

describe('maskSecrets', () => {
  it('masks email addresses, bearer tokens and the tokens of links', () => {
    expect(maskSecrets('[mail] "Reset your password" to ann.lee+shop@example.co.uk written to /data/mail/1-ann.lee+shop@example.co.uk.eml')).toBe(
      '[mail] "Reset your password" to [email] written to /data/mail/[email]',
    );
    expect(maskSecrets('Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig-_x')).toBe('Authorization: Bearer [redacted]');
    expect(maskSecrets('http://shop.test/auth/reset-password?token=abc123&email=x')).toBe('http://shop.test/auth/reset-password?token=[redacted]&email=x');
    expect(maskSecrets('nothing secret here: 42 products')).toBe('nothing secret here: 42 products');
  });
});

describe('requestIdOf', () => {
  it("keeps a proxy's sane id and replaces anything else with a new UUID", () => {
    expect(requestIdOf('edge-7f3a.42_b')).toBe('edge-7f3a.42_b');
    for (const hostile of [undefined, '', 'x'.repeat(129), 'a b', '<script>', 'line\nbreak']) {
      expect(requestIdOf(hostile)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });
});
