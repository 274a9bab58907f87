import { priceAfterPercent, validateBulkChanges } from './bulk';

describe('priceAfterPercent', () => {
  it.each([
    [10, 10, 11],
    [0.05, 10, 0.06],
    [19.99, 10, 21.99],
    [21.99, -5, 20.89],
    [10.45, -50, 5.23],
    [0.05, -95, 0],
    [999999.99, 0.01, 1000099.99],
  ])('%s moved by %s%% is %s, to the cent half away from zero', (price, percent, expected) => {
    expect(priceAfterPercent(price, percent)).toBe(expected);
  });
});

describe('validateBulkChanges for a price', () => {
  it('refuses a price and a percentage at once, a zero percentage, and one out of -100..1000', () => {
    expect(validateBulkChanges({ price: 2, pricePercent: 5 })).toEqual({ pricePercent: 'Set a price or change it by a percentage, not both' });
    expect(validateBulkChanges({ pricePercent: 0 })).toEqual({ pricePercent: 'Price change (%) cannot be 0' });
    expect(validateBulkChanges({ pricePercent: -100.5 })).toEqual({ pricePercent: 'Price change (%) must be at least -100' });
    expect(validateBulkChanges({ pricePercent: 1000.5 })).toEqual({ pricePercent: 'Price change (%) cannot exceed 1000' });
    expect(validateBulkChanges({ price: '12,50' })).toEqual({});
    expect(validateBulkChanges({ pricePercent: 12.5 })).toEqual({});
  });
});
