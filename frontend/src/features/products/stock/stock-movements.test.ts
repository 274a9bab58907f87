import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { LocationMessages, ProductMessages, StockMessages, ValidationMessages, validateStockAdjustment } from '@stockroom/schema';
import {
  adjustmentLocation,
  chartTimeLabel,
  countTarget,
  defaultLocationId,
  defaultReasonFor,
  formatDelta,
  quantityAt,
  quantityChartLabel,
  quantityOverTime,
  REASON_LABELS,
  REASONS_BY_DIRECTION,
  signedDelta,
  stockFieldErrors,
  transferFieldErrors,
} from './stock-movements';

const graphQLError = (message: string, extensions: Record<string, unknown>) =>
  new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions }] });

describe('stock movements: reasons and changes in words', () => {
  it('names every reason the server may send', () => {
    expect(Object.keys(REASON_LABELS).sort()).toEqual(['BULK', 'CORRECTION', 'COUNT', 'DAMAGE', 'IMPORT', 'INITIAL', 'RECEIPT', 'RETURN', 'SALE', 'TRANSFER_IN', 'TRANSFER_OUT']);
    expect(REASON_LABELS.COUNT).toBe('Stock count');
    expect(REASON_LABELS.SALE).toBe('Sale');
  });

  it('offers per direction only the reasons the server accepts for that sign, the default first', () => {
    expect(defaultReasonFor('remove')).toBe('SALE');
    expect(defaultReasonFor('add')).toBe('RECEIPT');
    for (const direction of ['remove', 'add'] as const) {
      for (const reason of REASONS_BY_DIRECTION[direction]) {
        expect(validateStockAdjustment({ delta: signedDelta(direction, 3), reason })).toEqual({});
      }
    }
    expect(signedDelta('remove', 3)).toBe(-3);
    expect(signedDelta('add', 3)).toBe(3);
  });

  it('writes a change with its sign, a real minus and thousands separators', () => {
    expect(formatDelta(5)).toBe('+5');
    expect(formatDelta(-1234)).toBe('\u22121,234');
    expect(formatDelta(0)).toBe('0');
  });
});

describe("stock movements: the server's refusal on the right field", () => {
  it('puts a field message on its field: delta and quantity on the amount, the note on the note', () => {
    const note = ValidationMessages.maxLength('Note', 200);
    expect(stockFieldErrors(graphQLError('Invalid input', { code: 'BAD_USER_INPUT', fields: { note } }))).toEqual({ note });
    expect(stockFieldErrors(graphQLError('Invalid input', { code: 'BAD_USER_INPUT', fields: { delta: StockMessages.mustTakeStock } }))).toEqual({
      amount: StockMessages.mustTakeStock,
    });
    expect(stockFieldErrors(graphQLError('Invalid input', { code: 'BAD_USER_INPUT', fields: { quantity: 'Quantity cannot exceed 100000' } }))).toEqual({
      amount: 'Quantity cannot exceed 100000',
    });
  });

  it('puts a sale larger than the stock on the amount', () => {
    expect(stockFieldErrors(graphQLError(ProductMessages.insufficientStock, { code: 'CONFLICT' }))).toEqual({ amount: ProductMessages.insufficientStock });
    expect(stockFieldErrors(graphQLError(ProductMessages.outOfStock, { code: 'CONFLICT' }))).toEqual({ amount: ProductMessages.outOfStock });
    const short = LocationMessages.notEnoughAt('Back room');
    expect(stockFieldErrors(graphQLError(short, { code: 'CONFLICT' }))).toEqual({ amount: short });
  });

  it('shows anything else above the buttons: the server message, else the fallback', () => {
    expect(stockFieldErrors(graphQLError(ProductMessages.notFound, { code: 'NOT_FOUND' }))).toEqual({ form: ProductMessages.notFound });
    expect(stockFieldErrors(new Error('boom'))).toEqual({ form: ProductMessages.updateFailed });
  });
});

describe('stock movements: a move between locations', () => {
  it('puts too little at the source on the quantity and the same place twice on the target', () => {
    const short = LocationMessages.notEnoughAt('Back room');
    expect(transferFieldErrors(graphQLError(short, { code: 'CONFLICT' }))).toEqual({ quantity: short });
    expect(transferFieldErrors(graphQLError(LocationMessages.sameLocation, { code: 'BAD_USER_INPUT' }))).toEqual({ target: LocationMessages.sameLocation });
    expect(transferFieldErrors(graphQLError('Invalid input', { code: 'BAD_USER_INPUT', fields: { quantity: 'Quantity must be at least 1' } }))).toEqual({
      quantity: 'Quantity must be at least 1',
    });
    expect(transferFieldErrors(new Error('boom'))).toEqual({ form: ProductMessages.updateFailed });
  });

  it('starts at the default location and reads 0 where the product has no stock', () => {
    expect(defaultLocationId([{ id: 'van', isDefault: false }, { id: 'main', isDefault: true }])).toBe('main');
    expect(defaultLocationId([{ id: 'van', isDefault: false }])).toBe('van');
    expect(defaultLocationId([])).toBeUndefined();
    const levels = [{ quantity: 4, location: { id: 'main' } }];
    expect(quantityAt(levels, 'main')).toBe(4);
    expect(quantityAt(levels, 'van')).toBe(0);
  });
});

describe('stock movements: where a dialog records', () => {
  const main = { id: 'main', isDefault: true };
  const van = { id: 'van', isDefault: false };
  const levels = [
    { quantity: 6, location: { id: 'main' } },
    { quantity: 4, location: { id: 'van' } },
  ];
  const shelf = { id: 'shelf', name: 'Shelf B3', quantity: 2 };

  it('adjusts at a fixed place whatever else is offered; else at the chosen place, else the default', () => {
    expect(adjustmentLocation(shelf, [main, van], 'van')).toBe('shelf');
    expect(adjustmentLocation(shelf, [], undefined)).toBe('shelf');
    expect(adjustmentLocation(undefined, [main, van], 'van')).toBe('van');
    expect(adjustmentLocation(undefined, [main, van], 'gone')).toBe('main');
    expect(adjustmentLocation(undefined, [], undefined)).toBeUndefined();
  });

  it('counts at a fixed place and expects its own stock, even with one place or none to choose from', () => {
    for (const locations of [[], [main], [main, van]]) {
      expect(countTarget({ at: shelf, locations, levels, quantity: 10 }, undefined)).toEqual({ locationId: 'shelf', expected: 2, choosing: false });
    }
  });

  it('with a choice of places counts the chosen one (the default first) against its level; without one, the total', () => {
    expect(countTarget({ locations: [main, van], levels, quantity: 10 }, undefined)).toEqual({ locationId: 'main', expected: 6, choosing: true });
    expect(countTarget({ locations: [main, van], levels, quantity: 10 }, 'van')).toEqual({ locationId: 'van', expected: 4, choosing: true });
    expect(countTarget({ locations: [main], levels, quantity: 10 }, undefined)).toEqual({ locationId: undefined, expected: 10, choosing: false });
    expect(countTarget({ locations: [main, van], quantity: 10 }, undefined)).toEqual({ locationId: undefined, expected: 10, choosing: false });
  });
});

describe('stock movements: the quantity chart', () => {
  const movements = [
    { quantityAfter: 7, createdAt: '2025-03-03T10:00:00.000Z' },
    { quantityAfter: 10, createdAt: '2025-03-02T10:00:00.000Z' },
    { quantityAfter: 4, createdAt: 'not a date' },
    { quantityAfter: 5, createdAt: '2025-03-01T10:00:00.000Z' },
  ];

  it('turns newest-first movements into points oldest first, leaving out an unreadable time', () => {
    expect(quantityOverTime(movements)).toEqual([
      { time: Date.parse('2025-03-01T10:00:00.000Z'), quantity: 5 },
      { time: Date.parse('2025-03-02T10:00:00.000Z'), quantity: 10 },
      { time: Date.parse('2025-03-03T10:00:00.000Z'), quantity: 7 },
    ]);
  });

  it('sums the chart up in words', () => {
    expect(quantityChartLabel(quantityOverTime(movements))).toBe('Quantity over the last 3 movements: from 5 to 7, lowest 5, highest 10');
    expect(quantityChartLabel([{ time: 0, quantity: 2 }])).toBe('Quantity over the last 1 movement: from 2 to 2, lowest 2, highest 2');
    expect(quantityChartLabel([])).toBe('Quantity over time: no movements');
  });

  it('labels the time axis as precisely as its span needs', () => {
    const at = new Date(2025, 2, 5, 15, 4).getTime();
    const hour = 3_600_000;
    expect(chartTimeLabel(at + 5000, 60_000)).toMatch(/^3:04:05\sPM$/);
    expect(chartTimeLabel(at, hour)).toMatch(/^3:04\sPM$/);
    expect(chartTimeLabel(at, 30 * 24 * hour)).toBe('Mar 5');
    expect(chartTimeLabel(at, 400 * 24 * hour)).toBe('Mar 2025');
    expect(chartTimeLabel(Number.NaN, hour)).toBe('');
  });
});
