import { ImportMessages } from '@stockroom/schema';
import { locationBook, planLevels } from './product-import-levels';

const location = (id: string, path: string, code: string | null = null, isDefault = false) => ({ id, name: path.split(' / ').at(-1)!, code, parentId: null, path, isDefault });

describe('locationBook', () => {
  const book = locationBook([
    location('main', 'Main', null, true),
    location('shop', 'Shop', 'SH'),
    location('room', 'Shop / Back room', 'Main'),
    location('bin-a', 'Shop / Bin'),
    location('bin-b', 'Shop / Bin', 'BIN-B'),
  ]);

  it('finds a location by its path or code, trimmed and in any case; the default is known', () => {
    expect(book.defaultId).toBe('main');
    expect(book.find(' shop / BACK ROOM ')).toEqual({ id: 'room' });
    expect(book.find('sh')).toEqual({ id: 'shop' });
  });

  it('takes a path before a code, so an export imports back; a shared path needs the code', () => {
    expect(book.find('Main')).toEqual({ id: 'main' });
    expect(book.find('Shop / Bin')).toEqual({ error: ImportMessages.ambiguousLocation('Shop / Bin') });
    expect(book.find('bin-b')).toEqual({ id: 'bin-b' });
  });

  it('names what it does not know, and creates nothing', () => {
    expect(book.find(' Garage ')).toEqual({ error: ImportMessages.unknownLocation('Garage') });
  });
});

describe('planLevels', () => {
  const held: Record<string, number> = { main: 5, shop: 2 };
  const current = (id: string) => held[id] ?? 0;

  it('sets the levels named, keeps the others, and totals them', () => {
    const plan = planLevels(7, [
      { row: 2, locationId: 'shop', quantity: 0 },
      { row: 3, locationId: 'room', quantity: 4 },
      { row: 4, locationId: 'bin', quantity: undefined },
    ], current);
    expect(plan).toEqual({
      total: 9,
      changes: true,
      first: { locationId: 'shop', counted: 0, quantity: 5 },
      later: [{ round: 2, locationId: 'room', delta: 4, counted: 4 }],
    });
  });

  it('writes the first level even unchanged (its check), and no later level that stays', () => {
    expect(planLevels(7, [{ row: 2, locationId: 'main', quantity: 5 }, { row: 3, locationId: 'shop', quantity: 2 }], current)).toEqual({
      total: 7,
      changes: false,
      first: { locationId: 'main', counted: 5, quantity: 7 },
      later: [],
    });
  });
});
