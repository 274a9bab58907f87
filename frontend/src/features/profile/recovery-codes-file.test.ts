import { recoveryCodesFile } from './recovery-codes-file';

describe('recoveryCodesFile', () => {
  it('names the account and lists one code a line', () => {
    const file = recoveryCodesFile('ada@example.com', ['abcde-fghjk', 'mnpqr-stuvw']);
    expect(file.split('\n')).toEqual([
      'Stockroom recovery codes for ada@example.com',
      'Each code signs you in once when your authenticator app is not at hand.',
      '',
      'abcde-fghjk',
      'mnpqr-stuvw',
      '',
    ]);
  });
});
