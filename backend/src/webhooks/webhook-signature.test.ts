import { createHmac } from 'node:crypto';
import { signatureHeader } from './webhook-signature';
import { retriesToCover } from './webhook-delivery-queue';

describe('the Stockroom-Signature header', () => {
  it('is t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">', () => {
    const body = '{"id":"1","type":"stock.low"}';
    const header = signatureHeader('whsec_test', body, 1_700_000_000_123);
    const expected = createHmac('sha256', 'whsec_test').update(`1700000000.${body}`).digest('hex');
    expect(header).toBe(`t=1700000000,v1=${expected}`);
  });
});

describe('the retries of a delivery', () => {
  it('reach past the failure window even when every delay is the shortest', () => {
    const day = 24 * 60 * 60_000;
    const retries = retriesToCover(day, 30);
    expect(30_000 * (2 ** retries - 1)).toBeGreaterThan(day);
    expect(30_000 * (2 ** (retries - 1) - 1)).toBeLessThanOrEqual(day);
    expect(retriesToCover(2_000, 1)).toBe(2);
  });
});
