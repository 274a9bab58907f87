import jwt from 'jsonwebtoken';
import { signAccessToken, verifyAccessToken } from '../../account/tokens';
import { openOidcTransaction, sealOidcTransaction, type OidcTransaction } from './oidc-transaction';

const SECRET = 'a-test-secret-that-is-long-enough-123';
const transaction: OidcTransaction = { state: 'state-1', nonce: 'nonce-1', codeVerifier: 'verifier-1', intent: 'link', userId: 'u1', sessionId: 's1' };

describe('the single sign-on transaction cookie', () => {
  it('opens to what was sealed', () => {
    expect(openOidcTransaction(sealOidcTransaction(transaction, SECRET), SECRET)).toEqual(transaction);
  });

  it('is refused when missing, altered, sealed with another secret or expired', () => {
    const sealed = sealOidcTransaction(transaction, SECRET);
    expect(openOidcTransaction(undefined, SECRET)).toBeNull();
    expect(openOidcTransaction(`${sealed.slice(0, -2)}xx`, SECRET)).toBeNull();
    expect(openOidcTransaction(sealed, `${SECRET}-other`)).toBeNull();
    const [, payload] = sealed.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = sealed.replace(payload, Buffer.from(JSON.stringify({ ...claims, oidc: { ...transaction, userId: 'someone-else' } })).toString('base64url'));
    expect(openOidcTransaction(forged, SECRET)).toBeNull();
    jest.useFakeTimers({ now: Date.now() + 11 * 60_000 });
    try {
      expect(openOidcTransaction(sealed, SECRET)).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('is never taken for an access token, nor an access token for it', () => {
    const sealed = sealOidcTransaction(transaction, SECRET);
    expect(verifyAccessToken(sealed, SECRET).ok).toBe(false);
    const accessToken = signAccessToken({ sub: 'u1', sid: 's1' }, SECRET, new Date(Date.now() + 60_000));
    expect(openOidcTransaction(accessToken, SECRET)).toBeNull();
    // Even signed with the JWT secret itself, a transaction is refused: its key is derived apart.
    expect(openOidcTransaction(jwt.sign({ oidc: transaction }, SECRET, { audience: 'oidc-transaction' }), SECRET)).toBeNull();
  });
});
