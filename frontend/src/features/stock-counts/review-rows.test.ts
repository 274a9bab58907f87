import { formatVariance, formatVarianceValue, pageOf, sortReviewRows, varianceIntent } from './review-rows';

const row = (productName: string | null, varianceValue: number | null, locationPath = 'Main', productId = productName ?? 'x') => ({ productId, productName, locationPath, varianceValue });

describe('sortReviewRows', () => {
  const rows = [row('Bolt', -5), row('Anchor', 20), row('Clamp', -30), row('Drill', 0), row('Eyelet', null)];

  it('by value puts the largest difference in money first, losses and gains alike, and ties by name', () => {
    expect(sortReviewRows(rows, 'value').map((r) => r.productName)).toEqual(['Clamp', 'Anchor', 'Bolt', 'Drill', 'Eyelet']);
    expect(sortReviewRows([row('Zinc', 5), row('Axe', -5)], 'value').map((r) => r.productName)).toEqual(['Axe', 'Zinc']);
  });

  it('by product sorts by name, then by place, a deleted product (no name) first', () => {
    const places = [row('Bolt', 1, 'Shelf B'), row('Bolt', 9, 'Shelf A'), row(null, 3), row('Anchor', 0)];
    expect(sortReviewRows(places, 'product').map((r) => `${r.productName}@${r.locationPath}`)).toEqual(['null@Main', 'Anchor@Main', 'Bolt@Shelf A', 'Bolt@Shelf B']);
  });

  it('leaves the list it was given as it was', () => {
    const copy = [...rows];
    sortReviewRows(rows, 'value');
    expect(rows).toEqual(copy);
  });
});

describe('variance formats', () => {
  it('signs a difference in units and in money, and shows a hidden one as a dash', () => {
    expect([formatVariance(2), formatVariance(-2), formatVariance(0), formatVariance(-1250), formatVariance(null)]).toEqual(['+2', '-2', '0', '-1,250', '—']);
    expect([formatVarianceValue(5), formatVarianceValue(-5), formatVarianceValue(0), formatVarianceValue(-0), formatVarianceValue(1234.5), formatVarianceValue(null)]).toEqual([
      '+$5.00',
      '-$5.00',
      '$0.00',
      '$0.00',
      '+$1,234.50',
      '—',
    ]);
  });

  it('colours a loss as danger, a gain as success, none as nothing', () => {
    expect([varianceIntent(-1), varianceIntent(3), varianceIntent(0), varianceIntent(null)]).toEqual(['danger', 'success', 'none', 'none']);
  });
});

describe('pageOf', () => {
  const rows = Array.from({ length: 5000 }, (_, i) => i);

  it('cuts a 5,000-row review into pages with the pagination ListPagination shows', () => {
    const second = pageOf(rows, 2, 50);
    expect(second.rows).toEqual(rows.slice(50, 100));
    expect(second.pagination).toEqual({ page: 2, limit: 50, total: 5000, totalPages: 100, hasNextPage: true, hasPrevPage: true, totalIsEstimate: false });
  });

  it('shows the last page for a page past the end (rows approved away), and one empty page for none', () => {
    expect(pageOf(rows.slice(0, 60), 9, 50)).toMatchObject({ rows: rows.slice(50, 60), pagination: { page: 2, totalPages: 2, hasNextPage: false } });
    expect(pageOf([], 3, 50)).toEqual({ rows: [], pagination: { page: 1, limit: 50, total: 0, totalPages: 1, hasNextPage: false, hasPrevPage: false, totalIsEstimate: false } });
  });
});
