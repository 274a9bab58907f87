import { generateSync } from 'otplib';
import { newTotpSecret, otpauthUrlOf, totpCodeOf, totpTimeStepOf } from './totp';

const NOW = Date.UTC(2026, 10, 29, 12, 0, 10);
const stepOf = (ms: number) => Math.floor(ms / 1000 / 30);
const codeAt = (secret: string, ms: number) => generateSync({ secret, epoch: Math.floor(ms / 1000) });

describe('totp', () => {
  const secret = newTotpSecret();

  it('makes 160-bit base32 secrets and an otpauth URL naming Stockroom and the account', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    expect(otpauthUrlOf(secret, 'ada@example.com')).toBe(`otpauth://totp/Stockroom:ada%40example.com?secret=${secret}&issuer=Stockroom`);
  });

  it('accepts the code of this step and of the steps either side, and says which step it was', () => {
    expect(totpTimeStepOf(secret, codeAt(secret, NOW), null, NOW)).toBe(stepOf(NOW));
    expect(totpTimeStepOf(secret, codeAt(secret, NOW - 30_000), null, NOW)).toBe(stepOf(NOW) - 1);
    expect(totpTimeStepOf(secret, codeAt(secret, NOW + 30_000), null, NOW)).toBe(stepOf(NOW) + 1);
    expect(totpTimeStepOf(secret, codeAt(secret, NOW - 90_000), null, NOW)).toBeNull();
  });

  it('refuses a code of the last step used or an earlier one, so a code works once', () => {
    const code = codeAt(secret, NOW);
    expect(totpTimeStepOf(secret, code, stepOf(NOW), NOW)).toBeNull();
    expect(totpTimeStepOf(secret, codeAt(secret, NOW + 30_000), stepOf(NOW), NOW)).toBe(stepOf(NOW) + 1);
  });

  it('reads codes as people type them and refuses anything else', () => {
    expect(totpCodeOf(' 123 456 ')).toBe('123456');
    expect(totpCodeOf('12345')).toBeNull();
    expect(totpCodeOf('abcdef')).toBeNull();
    const spaced = codeAt(secret, NOW).replace(/^(\d{3})/, '$1 ');
    expect(totpTimeStepOf(secret, spaced, null, NOW)).toBe(stepOf(NOW));
    expect(totpTimeStepOf(secret, 'x'.repeat(1000), null, NOW)).toBeNull();
  });
});
