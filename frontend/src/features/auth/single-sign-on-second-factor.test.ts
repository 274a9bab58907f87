import { secondFactorStepOf } from './single-sign-on-second-factor';

describe('secondFactorStepOf', () => {
  it('reads the token and methods the callback put in the fragment', () => {
    expect(secondFactorStepOf('#mfaToken=abc-DEF_123&methods=totp%2Cwebauthn%2Crecovery')).toEqual({ mfaToken: 'abc-DEF_123', methods: ['totp', 'webauthn', 'recovery'] });
    expect(secondFactorStepOf('#mfaToken=abc&methods=webauthn')).toEqual({ mfaToken: 'abc', methods: ['webauthn'] });
  });

  it('keeps only methods the page can ask for, and needs a token and one of them', () => {
    expect(secondFactorStepOf('#mfaToken=abc&methods=sms,totp')).toEqual({ mfaToken: 'abc', methods: ['totp'] });
    expect(secondFactorStepOf('#mfaToken=abc&methods=sms')).toBeNull();
    expect(secondFactorStepOf('#methods=totp')).toBeNull();
    expect(secondFactorStepOf('#mfaToken=%20&methods=totp')).toBeNull();
    expect(secondFactorStepOf('')).toBeNull();
  });
});
