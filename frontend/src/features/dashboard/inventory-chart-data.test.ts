import { categoryAxisWidth, categoryChartLabel, isEmptyInventory, locationBars, locationChartLabel, locationTableRows, shortLabel, stockChartLabel } from './inventory-chart-data';

describe('inventory chart summaries', () => {
  it('names every category with its value', () => {
    expect(
      categoryChartLabel([
        { category: 'Tools', products: 2, inStock: 2, value: 21 },
        { category: 'Books', products: 1, inStock: 0, value: 0 },
      ]),
    ).toBe('Inventory value by category, 2 categories: Tools $21.00, Books $0.00.');
    expect(categoryChartLabel([{ category: 'Tools', products: 1, inStock: 1, value: 1234.5 }])).toBe(
      'Inventory value by category, 1 category: Tools $1,234.50.',
    );
    expect(categoryChartLabel([])).toBe('Inventory value by category: no products.');
  });

  it('gives the stock split with percentages', () => {
    expect(stockChartLabel({ inStock: 2, outOfStock: 1 })).toBe('Stock of 3 products: 2 in stock (67%), 1 out of stock (33%).');
    expect(stockChartLabel({ inStock: 1, outOfStock: 0 })).toBe('Stock of 1 product: 1 in stock (100%), 0 out of stock (0%).');
    expect(stockChartLabel({ inStock: 0, outOfStock: 0 })).toBe('Stock: no products.');
  });

  it('knows an empty catalogue', () => {
    expect(isEmptyInventory({ byCategory: [], inStock: 0, outOfStock: 0 })).toBe(true);
    expect(isEmptyInventory({ byCategory: [], inStock: 0, outOfStock: 1 })).toBe(false);
  });

  it('shortens long category names for the axis only', () => {
    expect(shortLabel('Tools')).toBe('Tools');
    expect(shortLabel('Kitchen and dining room', 10)).toBe('Kitchen a…');
    expect(shortLabel('Garden tools x', 14)).toBe('Garden tools x');
  });
});

describe('categoryAxisWidth', () => {
  it('gives the category names a third of the chart', () => {
    expect(categoryAxisWidth(390)).toBe(130);
  });

  it('keeps room for names on a phone and for bars on a desk', () => {
    expect(categoryAxisWidth(240)).toBe(88);
    expect(categoryAxisWidth(0)).toBe(88);
    expect(categoryAxisWidth(1200)).toBe(180);
  });
});

describe('the value split by location', () => {
  const locations = [
    { id: 'm', name: 'Main', path: 'Main', parentId: null, itemCount: 3, stockValue: 40 },
    { id: 's', name: 'Shop', path: 'Shop', parentId: null, itemCount: 2, stockValue: 60 },
    { id: 'b', name: 'Back room', path: 'Shop / Back room', parentId: 's', itemCount: 1, stockValue: 25 },
    { id: 'v', name: 'van', path: 'van', parentId: null, itemCount: 0, stockValue: 0 },
  ];

  it('draws the top-level places, highest first, so the bars add up to the whole value', () => {
    expect(locationBars(locations)).toEqual([
      { label: 'Shop', value: 60 },
      { label: 'Main', value: 40 },
      { label: 'van', value: 0 },
    ]);
    expect(locationChartLabel(locationBars(locations))).toBe('Inventory value by location, 3 top-level places: Shop $60.00, Main $40.00, van $0.00.');
    expect(locationChartLabel([])).toBe('Inventory value by location: no locations.');
  });

  it('lists every place by its path in the table, a nested one under its parent', () => {
    expect(locationTableRows(locations).map((row) => row.path)).toEqual(['Main', 'Shop', 'Shop / Back room', 'van']);
  });
});
