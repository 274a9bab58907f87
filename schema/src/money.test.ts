import { moneyValue, readMoneyText } from './money';
import { Rules, validateField } from './validation';

describe('money as people write it', () => {
  it.each([
    ['12,50', 12.5],
    ['1.234,50', 1234.5],
    ['€4,99', 4.99],
    ['$12.50', 12.5],
    ['12.50 €', 12.5],
    ['£3', 3],
    ['USD 7', 7],
    ['7 EUR', 7],
    ['1,234.50', 1234.5],
    ['1,234,567', 1234567],
    ['1.234.567', 1234567],
    ['.99', 0.99],
    [',99', 0.99],
    ['12.', 12],
    ['1234,567', 1234.567],
    ['-5', -5],
    ['-$5', -5],
    ['$-5', -5],
  ])('reads %s as %s', (text, value) => {
    expect(readMoneyText(text)).toEqual({ value });
  });

  it.each(['1,234', '12,500', '999,999'])('refuses %s: a thousands comma or a decimal comma', (text) => {
    expect(readMoneyText(text)).toEqual({ problem: 'ambiguous' });
  });

  it.each(['1e3', '1E3', '0x10', 'Infinity', 'NaN', '--5', '12,', '1,2,3', '12.50.1', '1 234', 'abc', '$'])('reads no number from %s', (text) => {
    expect(readMoneyText(text)).toEqual({ problem: 'notNumber' });
  });

  it('the price rule reads text with it and says why it refuses', () => {
    expect(validateField(Rules.price, '€4,99')).toBeUndefined();
    expect(validateField(Rules.price, '1e3')).toBe('Price must be a number');
    expect(validateField(Rules.price, '1,234')).toBe('Price is ambiguous: a comma before three digits may separate thousands or decimals. Write 1234 or 1234.00 for a thousand, 1.23 for a decimal');
    expect(validateField(Rules.price, '-$5')).toBe('Price must be at least 0.01');
    expect(validateField(Rules.quantity, '1,234')).toBe('Quantity must be a number');
    expect(moneyValue('1.234,50')).toBe(1234.5);
    expect(moneyValue(3)).toBe(3);
  });
});
