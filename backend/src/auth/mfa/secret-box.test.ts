import { openSecret, sealSecret } from './secret-box';

describe('secret box', () => {
  it('opens what it sealed, and the sealed text does not hold the secret', () => {
    const sealed = sealSecret('server secret', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret('server secret', sealed)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(sealSecret('server secret', 'same')).not.toBe(sealSecret('server secret', 'same'));
  });

  it('opens nothing under another server secret, altered, or in another format', () => {
    const sealed = sealSecret('server secret', 'JBSWY3DPEHPK3PXP');
    expect(openSecret('another secret', sealed)).toBeNull();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(openSecret('server secret', parts.join('.'))).toBeNull();
    expect(openSecret('server secret', 'JBSWY3DPEHPK3PXP')).toBeNull();
  });
});
