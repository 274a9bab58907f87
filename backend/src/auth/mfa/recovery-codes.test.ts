import { newRecoveryCodes, normalizeRecoveryCode, recoveryCodeHashOf } from './recovery-codes';

describe('recovery codes', () => {
  it('are ten distinct codes of two groups of five, without look-alike characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
  });

  it('read the same typed in capitals, with spaces or without the dash', () => {
    expect(normalizeRecoveryCode('ABCDE-FGHJK')).toBe('abcdefghjk');
    expect(normalizeRecoveryCode(' abcde fghjk ')).toBe('abcdefghjk');
    expect(normalizeRecoveryCode('abcdefghjk')).toBe('abcdefghjk');
    expect(normalizeRecoveryCode('abcde-fghj')).toBeNull();
    expect(normalizeRecoveryCode('abcde-fghj1')).toBeNull();
  });

  it('are stored as a SHA-256 that does not contain the code', () => {
    const hash = recoveryCodeHashOf('abcdefghjk');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(recoveryCodeHashOf('abcdefghjk'));
    expect(hash).not.toBe(recoveryCodeHashOf('abcdefghjm'));
  });
});
