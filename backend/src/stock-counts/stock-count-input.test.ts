import { StockCountMessages } from '@stockroom/schema';
import { ValidationError } from '../common/errors';
import { approvedLineIdsOf, countedAtOf, ledgerPositionOf } from './stock-count-input';

const messageOf = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    return (error as ValidationError).fields;
  }
  return undefined;
};

describe('ledgerPositionOf', () => {
  it('takes digits or a whole number, without leading zeros, up to the 64-bit maximum', () => {
    expect(ledgerPositionOf('0')).toBe('0');
    expect(ledgerPositionOf('007')).toBe('7');
    expect(ledgerPositionOf(42)).toBe('42');
    expect(ledgerPositionOf('9223372036854775807')).toBe('9223372036854775807');
  });

  it.each([['9223372036854775808'], ['-1'], [-1], ['1.5'], [1.5], ['P7'], [true], [{}]])('refuses %p', (value) => {
    expect(messageOf(() => ledgerPositionOf(value))).toEqual({ ledgerPosition: StockCountMessages.ledgerPosition });
  });

  it('is required', () => {
    expect(messageOf(() => ledgerPositionOf(undefined))).toEqual({ ledgerPosition: 'Ledger position is required' });
  });
});

describe('countedAtOf', () => {
  const now = Date.parse('2026-06-01T12:00:00Z');
  it('takes an ISO date-time up to a few minutes ahead of the clock; left out is now (null)', () => {
    expect(countedAtOf('2026-06-01T11:00:00Z', now)).toEqual(new Date('2026-06-01T11:00:00Z'));
    expect(countedAtOf('2026-06-01T12:04:00+00:00', now)).toEqual(new Date('2026-06-01T12:04:00Z'));
    expect(countedAtOf(undefined, now)).toBeNull();
  });

  it('refuses what is no date-time, or the future', () => {
    expect(messageOf(() => countedAtOf('2026-06-01', now))).toEqual({ countedAt: StockCountMessages.countedAtFormat });
    expect(messageOf(() => countedAtOf('2026-06-01T13:00:00Z', now))).toEqual({ countedAt: StockCountMessages.countedAtFuture });
  });
});

describe('approvedLineIdsOf', () => {
  it('is null when left out, and each id once otherwise', () => {
    const id = '8e03978e-40d5-43e8-bc93-6894a57f9324';
    expect(approvedLineIdsOf(undefined)).toBeNull();
    expect(approvedLineIdsOf([id, id.toUpperCase()])).toEqual([id]);
    expect(messageOf(() => approvedLineIdsOf('all'))).toEqual({ lineIds: StockCountMessages.lineIdsFormat });
  });
});
