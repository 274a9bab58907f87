import { createHmac } from 'node:crypto';
import { signatureHeader } from './webhook-signature';

describe('the Stockroom-Signature header', () => {
  it('is t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">', () => {
    const body = '{"id":"1","type":"stock.low"}';
    const header = signatureHeader('whsec_test', body, 1_700_000_000_123);
    const expected = createHmac('sha256', 'whsec_test').update(`1700000000.${body}`).digest('hex');
    expect(header).toBe(`t=1700000000,v1=${expected}`);
  });
});

