import jwt from 'jsonwebtoken';
import { signAccessToken, verifyAccessToken } from './tokens';

const SECRET = 'a-secret-of-enough-length-for-hs256-0123456789';
const claims = { sub: '7c0f4a52-0d6b-4f0e-9a43-0f6b1d5e2a11', sid: '1b7e3c90-5d2a-4c8e-8f11-2e9a7d4c6b02' };

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('verifyAccessToken', () => {
  it('checks the signature of a token once while it is valid: the same token again is not re-verified', () => {
    const token = signAccessToken(claims, SECRET, new Date(Date.now() + 60_000));
    const verify = jest.spyOn(jwt, 'verify');
    expect(verifyAccessToken(token, SECRET)).toEqual({ ok: true, claims });
    expect(verifyAccessToken(token, SECRET)).toEqual({ ok: true, claims });
    expect(verifyAccessToken(token, SECRET)).toEqual({ ok: true, claims });
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('says expired once a remembered token reaches its expiry', () => {
    jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    const token = signAccessToken(claims, SECRET, new Date(Date.now() + 10_000));
    expect(verifyAccessToken(token, SECRET)).toEqual({ ok: true, claims });
    jest.setSystemTime(Date.now() + 9_999);
    expect(verifyAccessToken(token, SECRET)).toEqual({ ok: true, claims });
    jest.setSystemTime(Date.now() + 1);
    expect(verifyAccessToken(token, SECRET)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a remembered token under another secret, and any altered copy of it', () => {
    const token = signAccessToken(claims, SECRET, new Date(Date.now() + 60_000));
    expect(verifyAccessToken(token, SECRET)).toEqual({ ok: true, claims });
    expect(verifyAccessToken(token, `${SECRET}-rotated`)).toEqual({ ok: false, reason: 'invalid' });
    const [header, payload, signature] = token.split('.');
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    expect(verifyAccessToken(`${header}.${payload}.${flipped}`, SECRET)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyAccessToken(`${token} `, SECRET)).toEqual({ ok: false, reason: 'invalid' });
  });
});
