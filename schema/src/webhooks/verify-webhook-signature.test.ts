import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { verifyWebhookSignature } from './verify-webhook-signature';

/* Signed here the way the server signs a delivery, independently of the code under test. */
const secret = 'whsec_test_secret';
const body = JSON.stringify({ id: 'evt_1', type: 'stock.changed', createdAt: '2026-11-25T23:00:00.000Z', data: { product: { id: 'p1', quantity: 3 } } });
const now = 1_764_111_600;
const sign = (t: number | string, raw: string | Buffer = body, key = secret) => `t=${t},v1=${createHmac('sha256', key).update(`${t}.`).update(raw).digest('hex')}`;

describe('verifyWebhookSignature', () => {
  it('accepts a delivery signed with the secret, as a string or as the raw bytes', () => {
    expect(verifyWebhookSignature(body, sign(now), secret, { now })).toBe(true);
    expect(verifyWebhookSignature(Buffer.from(body), sign(now), secret, { now })).toBe(true);
    expect(verifyWebhookSignature(body, sign(now).replace(',', ', '), secret, { now })).toBe(true);
  });

  it('accepts a timestamp up to 5 minutes either side of now, and a tolerance the receiver picks', () => {
    expect(verifyWebhookSignature(body, sign(now - 300), secret, { now })).toBe(true);
    expect(verifyWebhookSignature(body, sign(now - 301), secret, { now })).toBe(false);
    expect(verifyWebhookSignature(body, sign(now + 301), secret, { now })).toBe(false);
    expect(verifyWebhookSignature(body, sign(now - 3600), secret, { now, toleranceSeconds: 7200 })).toBe(true);
    expect(verifyWebhookSignature(body, sign(now - 31), secret, { now, toleranceSeconds: 30 })).toBe(false);
  });

  it('uses the clock when now is not given', () => {
    const t = Math.floor(Date.now() / 1000);
    expect(verifyWebhookSignature(body, sign(t), secret)).toBe(true);
    expect(verifyWebhookSignature(body, sign(t - 600), secret)).toBe(false);
  });

  it('refuses another secret, a changed body and a changed timestamp', () => {
    expect(verifyWebhookSignature(body, sign(now, body, 'another secret'), secret, { now })).toBe(false);
    expect(verifyWebhookSignature(body.replace('"quantity":3', '"quantity":300'), sign(now), secret, { now })).toBe(false);
    const [, v1] = sign(now).split(',');
    expect(verifyWebhookSignature(body, `t=${now - 1},${v1}`, secret, { now })).toBe(false);
  });

  it.each([
    ['an empty header', ''],
    ['no signature', `t=${now}`],
    ['no timestamp', sign(now).split(',')[1]],
    ['a timestamp that is not a whole number', sign(`${now}.5`)],
    ['a short signature', `t=${now},v1=abcdef`],
    ['a signature that is not hex', `t=${now},v1=${'z'.repeat(64)}`],
    ['garbage', '==,,=t=v1'],
  ])('refuses %s without throwing', (_, header) => {
    expect(verifyWebhookSignature(body, header, secret, { now })).toBe(false);
  });

  it('is the function the API guide shows a receiver', () => {
    const source = readFileSync(join(__dirname, 'verify-webhook-signature.ts'), 'utf8');
    const guide = readFileSync(join(__dirname, '../../../docs/api.md'), 'utf8');
    const definition = source.slice(source.indexOf('export interface VerifyWebhookOptions'));
    expect(definition.trimEnd().endsWith('}')).toBe(true);
    expect(guide).toContain(definition.trimEnd());
  });
});
