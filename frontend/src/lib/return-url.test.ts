import { DEFAULT_AFTER_SIGN_IN, loginUrlFor, sanitizeReturnUrl } from './return-url';

describe('sanitizeReturnUrl', () => {
  it.each(['/products', '/products?page=2&search=tea', '/profile/edit#top', '/dashboard'])('keeps the same-origin path %s', (url) => {
    expect(sanitizeReturnUrl(url)).toBe(url);
  });

  it.each([
    null,
    undefined,
    '',
    'products',
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/ok\nnext',
    ' //evil.example',
    '/auth/login?returnUrl=/dashboard',
    '/auth/signup',
  ])('falls back to /dashboard for %p', (url) => {
    expect(sanitizeReturnUrl(url)).toBe(DEFAULT_AFTER_SIGN_IN);
  });

  it('accepts an encoded path and keeps it encoded', () => {
    expect(sanitizeReturnUrl('/products?search=%2F%2Fx')).toBe('/products?search=%2F%2Fx');
  });

  it('builds the guard redirect with the whole requested URL encoded', () => {
    expect(loginUrlFor('/products?page=2&x=1')).toBe('/auth/login?returnUrl=%2Fproducts%3Fpage%3D2%26x%3D1');
  });
});
