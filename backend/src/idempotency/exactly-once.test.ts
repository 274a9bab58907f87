import { IdempotencyKeyReusedError, InvalidIdempotencyKeyError } from './idempotency.errors';
import { answerFromStore, idempotencyKeyOf, requestHashOf, storedAnswer } from './exactly-once';

describe('idempotencyKeyOf', () => {
  it('takes a bare key, or the quoted form the draft writes, as the same key', () => {
    expect(idempotencyKeyOf('8e03978e-40d5-43e8-bc93-6894a57f9324')).toBe('8e03978e-40d5-43e8-bc93-6894a57f9324');
    expect(idempotencyKeyOf('"8e03978e-40d5-43e8-bc93-6894a57f9324"')).toBe('8e03978e-40d5-43e8-bc93-6894a57f9324');
    expect(idempotencyKeyOf(undefined)).toBeUndefined();
    expect(idempotencyKeyOf(null)).toBeUndefined();
  });

  it.each([[''], ['""'], ['a b'], ['x'.repeat(256)], ['clé'], [42]])('refuses %p', (raw) => {
    expect(() => idempotencyKeyOf(raw)).toThrow(InvalidIdempotencyKeyError);
  });
});

describe('requestHashOf', () => {
  it('is the same for the same request whatever its key order, and a null field is an absent one', () => {
    expect(requestHashOf({ operation: 'adjustStock', id: 'a', change: -1, note: null })).toBe(requestHashOf({ change: -1, id: 'a', operation: 'adjustStock' }));
  });

  it('differs for another value, another operation or another order of a list', () => {
    const base = requestHashOf({ operation: 'adjustStock', id: 'a', change: -1 });
    expect(requestHashOf({ operation: 'adjustStock', id: 'a', change: -2 })).not.toBe(base);
    expect(requestHashOf({ operation: 'countStock', id: 'a', change: -1 })).not.toBe(base);
    expect(requestHashOf({ lines: [1, 2] })).not.toBe(requestHashOf({ lines: [2, 1] }));
  });
});

describe('a stored answer', () => {
  it('comes back as the first answer: its dates as dates, its keys in their order', () => {
    const answer = { product: { id: 'p', name: '2026-01-01T00:00:00.000Z', updatedAt: new Date('2026-02-03T04:05:06.000Z'), price: 2.5 } };
    const back = answerFromStore(storedAnswer(answer)) as typeof answer;
    expect(back).toEqual(answer);
    expect(back.product.updatedAt).toBeInstanceOf(Date);
    expect(typeof back.product.name).toBe('string');
    expect(JSON.stringify(back)).toBe(JSON.stringify(answer));
  });
});

it('a key sent with another request is its own error code, 422 over REST', () => {
  expect(new IdempotencyKeyReusedError().code).toBe('IDEMPOTENCY_KEY_REUSED');
});
