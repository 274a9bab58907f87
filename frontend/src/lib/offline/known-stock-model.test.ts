import { isNewerRead, levelAt } from './known-stock-model';

const read = (askedAt: number, ...levels: Array<[string, number, string]>) => ({ askedAt, levels: levels.map(([locationId, quantity, ledgerPosition]) => ({ locationId, quantity, ledgerPosition })) });

describe('what the device knows of a product stock', () => {
  it('takes the first read, and a read sent later that saw the same or newer movements', () => {
    expect(isNewerRead(null, read(1, ['shelf', 10, '5']))).toBe(true);
    expect(isNewerRead(read(1, ['shelf', 10, '5']), read(2, ['shelf', 8, '7']))).toBe(true);
    expect(isNewerRead(read(1, ['shelf', 10, '5']), read(2, ['shelf', 10, '5'], ['bin', 3, '9']))).toBe(true);
  });

  it('keeps the kept read against one sent earlier (an answer that came back late)', () => {
    expect(isNewerRead(read(5, ['shelf', 8, '7']), read(4, ['shelf', 10, '5']))).toBe(false);
  });

  it('keeps the kept read against one that saw an older movement at a place, whatever the clock says', () => {
    expect(isNewerRead(read(5, ['shelf', 8, '7']), read(9, ['shelf', 10, '5']))).toBe(false);
    // Positions compare as numbers, not text ('10' is newer than '9'), also past 2^53.
    expect(isNewerRead(read(1, ['shelf', 1, '9']), read(2, ['shelf', 1, '10']))).toBe(true);
    expect(isNewerRead(read(1, ['shelf', 1, '9007199254740993']), read(2, ['shelf', 1, '9007199254740992']))).toBe(false);
  });

  it('reads a place the read does not list as none there at position 0', () => {
    const levels = read(1, ['shelf', 10, '5']).levels;
    expect(levelAt(levels, 'shelf')).toEqual({ quantity: 10, ledgerPosition: '5' });
    expect(levelAt(levels, 'bin')).toEqual({ quantity: 0, ledgerPosition: '0' });
  });
});
