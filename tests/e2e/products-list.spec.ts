import { useBrowser, type GuardedSession } from './support/browser';
import type { CreateProductInput, ProductRecord } from '../support/product-shapes';
import { createProductsApi, createUserWithSession, signedInUser, useSessionInBrowser, type ApiSession } from './support/api';
import { failGraphqlOperationUntilReleased } from './support/graphql';
import { ProductDetailPage } from './pages/ProductDetailPage';
import { ProductFormPage } from './pages/ProductFormPage';
import { ProductListPage } from './pages/ProductListPage';

/**
 * 25 products, created one after another (so Date order is creation order).
 * Name, price and date orders all differ; 7 are out of stock; 5 names hold
 * "Pro"; one description (not its name) holds "zebra".
 */
const WORDS = [
  'Anchor', 'Bucket', 'Candle', 'Drill', 'Easel', 'Funnel', 'Gauge', 'Hammer', 'Inkpad', 'Jigsaw', 'Kettle', 'Ladder', 'Mallet',
  'Nozzle', 'Oven', 'Pliers', 'Quill', 'Rake', 'Shovel', 'Trowel', 'Umbrella', 'Vise', 'Wrench', 'Xylophone', 'Yardstick',
];
const CATALOGUE: CreateProductInput[] = WORDS.map((_, i) => {
  const word = WORDS[(i * 7) % 25];
  const name = i % 5 === 0 ? `${word} Pro` : word;
  return {
    name,
    description: i === 12 ? 'Striped like a zebra, for the workshop wall.' : `${name} for the workshop.`,
    price: (599 + ((i * 11) % 25) * 400) / 100,
    quantity: i % 4 === 0 ? 0 : i,
    category: 'Tools',
  };
});

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const byName = (a: ProductRecord, b: ProductRecord) => a.name.toLowerCase().localeCompare(b.name.toLowerCase());
const names = (products: readonly ProductRecord[]) => products.map((p) => p.name);

describe('product list: paging, sorting, filtering, searching, URL state', () => {
  const b = useBrowser();
  let session: ApiSession;
  /** Newest first: the list's default order. */
  let newest: ProductRecord[];
  let stats: { total: string; inStock: string; outOfStock: string; value: string };

  beforeAll(async () => {
    // These tests only read this catalogue, so they share it.
    ({ session } = await createUserWithSession('list'));
    newest = (await createProductsApi(session, CATALOGUE)).reverse();
    const cents = newest.reduce((sum, p) => sum + Math.round(p.price * 100) * p.quantity, 0);
    stats = { total: '25', inStock: '18', outOfStock: '7', value: usd.format(cents / 100) };
  });

  async function openList(query = ''): Promise<{ s: GuardedSession; list: ProductListPage }> {
    const s = b.session();
    await useSessionInBrowser(s.context, session);
    const list = new ProductListPage(s.page);
    await list.goto(query);
    return { s, list };
  }

  it('pages through 25 products with Previous / Next and a page size', async () => {
    const { s, list } = await openList();
    await list.waitForNames(names(newest.slice(0, 10)));
    await list.waitForSummary(10, 25);
    await list.waitForPage(1, 3);
    await list.waitForStats(stats);
    expect(await list.previous.isDisabled()).toBe(true);
    expect(await list.selectedLabel(list.pageSize)).toBe('10');

    await list.next.click();
    await list.waitForPath('/products', '?page=2');
    await list.waitForNames(names(newest.slice(10, 20)));
    await list.waitForPage(2, 3);
    await list.waitForSummary(10, 25);
    expect(await list.previous.isEnabled()).toBe(true);

    await list.next.click();
    await list.waitForPath('/products', '?page=3');
    await list.waitForNames(names(newest.slice(20)));
    await list.waitForSummary(5, 25);
    await list.waitForPage(3, 3);
    expect(await list.next.isDisabled()).toBe(true);

    await list.previous.click();
    await list.waitForPath('/products', '?page=2');
    await list.waitForNames(names(newest.slice(10, 20)));

    // A new page size starts again at page 1.
    await list.pageSize.selectOption('25');
    await list.waitForPath('/products', '?limit=25');
    await list.waitForNames(names(newest));
    await list.waitForSummary(25, 25);
    await list.waitForPage(1, 1);
    expect(await list.previous.isDisabled()).toBe(true);
    expect(await list.next.isDisabled()).toBe(true);
    // Stats cover the catalogue, whatever the page shows.
    await list.waitForStats(stats);
    s.assertClean();
  });

  it('stats that fail to load say so and offer Try again, which brings the real figures', async () => {
    const s = b.session();
    await useSessionInBrowser(s.context, session);
    const serverBack = await failGraphqlOperationUntilReleased(s.page, 'ProductStats');
    const list = new ProductListPage(s.page);
    await list.goto();
    const region = s.page.getByRole('region', { name: 'Product statistics' });
    await region.getByText('Statistics could not be loaded.').waitFor();
    // The list itself is unaffected.
    await list.waitForNames(names(newest.slice(0, 10)));
    serverBack();
    await region.getByRole('button', { name: 'Try again' }).click();
    await list.waitForStats(stats);
    expect(await region.getByText('Statistics could not be loaded.').count()).toBe(0);
  });

  it('stats cards show no figure while they load (busy), then the real ones', async () => {
    const s = b.session();
    await useSessionInBrowser(s.context, session);
    // Hold the stats answer until the loading state has been read.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let intercepted = () => {};
    const statsRequested = new Promise<void>((resolve) => (intercepted = resolve));
    await s.page.route('**/graphql', async (route) => {
      const body = route.request().postData() ?? '';
      if (body.includes('"operationName":"ProductStats"')) {
        intercepted();
        await released;
      }
      await route.fallback();
    });
    const list = new ProductListPage(s.page);
    await list.goto();
    await list.waitForNames(names(newest.slice(0, 10)));
    await statsRequested;
    const loading = { busy: 'true', figure: '' };
    expect(await list.statsState()).toEqual({
      busy: 'true',
      cards: { total: loading, inStock: loading, outOfStock: loading, value: loading },
    });

    release();
    await list.waitForStats(stats);
    const loaded = (figure: string) => ({ busy: null, figure });
    expect(await list.statsState()).toEqual({
      busy: null,
      cards: { total: loaded(stats.total), inStock: loaded(stats.inStock), outOfStock: loaded(stats.outOfStock), value: loaded(stats.value) },
    });
    s.assertClean();
  });

  it('sorts by Name, Price and Date in both directions', async () => {
    const { s, list } = await openList();
    expect(await list.selectedLabel(list.sortBy)).toBe('Date');
    expect(await list.selectedLabel(list.sortOrder)).toBe('Descending');

    const cases: [field: 'Name' | 'Price' | 'Date', dir: 'Ascending' | 'Descending', query: string, order: ProductRecord[]][] = [
      ['Name', 'Descending', '?sortBy=name', [...newest].sort(byName).reverse()],
      ['Name', 'Ascending', '?sortBy=name&sortOrder=asc', [...newest].sort(byName)],
      ['Price', 'Ascending', '?sortBy=price&sortOrder=asc', [...newest].sort((a, c) => a.price - c.price)],
      ['Price', 'Descending', '?sortBy=price', [...newest].sort((a, c) => c.price - a.price)],
      ['Date', 'Ascending', '?sortOrder=asc', [...newest].reverse()],
      ['Date', 'Descending', '', newest],
    ];
    for (const [field, dir, query, order] of cases) {
      await list.sort(field, dir);
      await list.waitForPath('/products', query);
      await list.waitForNames(names(order.slice(0, 10)));
      await list.waitForSummary(10, 25);
      if (field === 'Price') expect(await list.column(2)).toEqual(order.slice(0, 10).map((p) => usd.format(p.price)));
    }

    // Sorting applies to the whole catalogue, not just the page: the last page continues the order.
    await list.sort('Price', 'Ascending');
    await list.waitForPath('/products', '?sortBy=price&sortOrder=asc');
    await list.next.click();
    await list.waitForPath('/products', '?sortBy=price&sortOrder=asc&page=2');
    await list.next.click();
    await list.waitForPath('/products', '?sortBy=price&sortOrder=asc&page=3');
    await list.waitForNames(names([...newest].sort((a, c) => a.price - c.price).slice(20)));
    s.assertClean();
  });

  it('sorts by a column header, by click and by Enter / Space; aria-sort says which and how; the sort is in the URL', async () => {
    const { s, list } = await openList();
    const byPriceAsc = [...newest].sort((a, c) => a.price - c.price);
    // Newest first is the default: Created is the sorted header, descending.
    expect(await list.sortHeader('Created').getAttribute('aria-sort')).toBe('descending');
    expect(await list.sortHeader('Product').getAttribute('aria-sort')).toBeNull();

    await list.sortButton('Price').click();
    await list.waitForPath('/products', '?sortBy=price&sortOrder=asc');
    await list.waitForNames(names(byPriceAsc.slice(0, 10)));
    expect(await list.sortHeader('Price').getAttribute('aria-sort')).toBe('ascending');
    expect(await list.sortHeader('Created').getAttribute('aria-sort')).toBeNull();
    expect(await list.selectedLabel(list.sortBy)).toBe('Price');
    expect(await list.selectedLabel(list.sortOrder)).toBe('Ascending');

    // The same header again turns the order round.
    await list.sortButton('Price').click();
    await list.waitForPath('/products', '?sortBy=price');
    await list.waitForNames(names([...byPriceAsc].reverse().slice(0, 10)));
    expect(await list.sortHeader('Price').getAttribute('aria-sort')).toBe('descending');

    // By keyboard: Enter on Product sorts A to Z, Space turns it to Z to A.
    await list.sortButton('Product').focus();
    await s.page.keyboard.press('Enter');
    await list.waitForPath('/products', '?sortBy=name&sortOrder=asc');
    await list.waitForNames(names([...newest].sort(byName).slice(0, 10)));
    expect(await list.sortHeader('Product').getAttribute('aria-sort')).toBe('ascending');
    await list.sortButton('Product').focus();
    await s.page.keyboard.press('Space');
    await list.waitForPath('/products', '?sortBy=name');
    await list.waitForNames(names([...newest].sort(byName).reverse().slice(0, 10)));
    expect(await list.sortHeader('Product').getAttribute('aria-sort')).toBe('descending');

    // A sort from page 2 starts again at page 1, and a reload keeps it.
    await list.next.click();
    await list.waitForPath('/products', '?sortBy=name&page=2');
    await list.sortButton('Created').click();
    await list.waitForPath('/products', '');
    await list.waitForNames(names(newest.slice(0, 10)));
    await list.goto('?sortBy=price&sortOrder=asc');
    expect(await list.sortHeader('Price').getAttribute('aria-sort')).toBe('ascending');
    await list.waitForNames(names(byPriceAsc.slice(0, 10)));
    s.assertClean();
  });

  it('First, Last and a page number to go to; the page stays in the URL, Page N of M and Previous / Next as before', async () => {
    const { s, list } = await openList();
    await list.waitForPage(1, 3);
    expect(await list.firstPage.isDisabled()).toBe(true);
    expect(await list.lastPage.isEnabled()).toBe(true);

    await list.lastPage.click();
    await list.waitForPath('/products', '?page=3');
    await list.waitForNames(names(newest.slice(20)));
    await list.waitForPage(3, 3);
    expect(await list.lastPage.isDisabled()).toBe(true);
    expect(await list.next.isDisabled()).toBe(true);
    expect(await list.goToPage.inputValue()).toBe('3');

    await list.firstPage.click();
    await list.waitForPath('/products', '');
    await list.waitForPage(1, 3);
    await list.waitForNames(names(newest.slice(0, 10)));

    // A page number, with Enter or Go.
    await list.goToPage.fill('2');
    await list.goToPage.press('Enter');
    await list.waitForPath('/products', '?page=2');
    await list.waitForNames(names(newest.slice(10, 20)));
    await list.waitForPage(2, 3);
    await list.goToPage.fill('3');
    await list.go.click();
    await list.waitForPath('/products', '?page=3');
    await list.waitForPage(3, 3);

    // Past the end goes to the last page, below 1 to the first; what is not a page number is put back.
    await list.goToPage.fill('1');
    await list.goToPage.press('Enter');
    await list.waitForPath('/products', '');
    await list.goToPage.fill('999');
    await list.goToPage.press('Enter');
    await list.waitForPath('/products', '?page=3');
    await list.waitForPage(3, 3);
    expect(await list.goToPage.inputValue()).toBe('3');
    await list.goToPage.fill('0');
    await list.go.click();
    await list.waitForPath('/products', '');
    await list.waitForPage(1, 3);
    for (const junk of ['two', '-1', '1.5', '   ']) {
      await list.goToPage.fill(junk);
      await list.goToPage.press('Enter');
      expect(await list.goToPage.inputValue()).toBe('1');
    }
    await list.waitForPath('/products', '');
    await list.waitForNames(names(newest.slice(0, 10)));
    s.assertClean();
  });

  it('filters by stock: All, In Stock, Out of Stock (the stats stay those of the whole catalogue)', async () => {
    const { s, list } = await openList();
    const inStock = newest.filter((p) => p.quantity > 0);
    const outOfStock = newest.filter((p) => p.quantity === 0);
    expect(await list.checkedStockOption()).toBe('All');

    await list.filterStock('In Stock');
    await list.waitForPath('/products', '?inStock=true');
    await list.waitForNames(names(inStock.slice(0, 10)));
    await list.waitForSummary(10, 18);
    await list.waitForPage(1, 2);
    expect(new Set(await list.column(4))).toEqual(new Set(['In Stock']));
    await list.next.click();
    await list.waitForNames(names(inStock.slice(10)));
    await list.waitForSummary(8, 18);

    // A new filter starts again at page 1.
    await list.filterStock('Out of Stock');
    await list.waitForPath('/products', '?inStock=false');
    await list.waitForNames(names(outOfStock));
    await list.waitForSummary(7, 7);
    expect(await list.checkedStockOption()).toBe('Out of Stock');
    expect(new Set(await list.column(4))).toEqual(new Set(['Out of Stock']));
    expect(new Set(await list.column(3))).toEqual(new Set(['0']));
    await list.waitForStats(stats);

    await list.filterStock('All');
    await list.waitForPath('/products', '');
    await list.waitForNames(names(newest.slice(0, 10)));
    await list.waitForSummary(10, 25);
    s.assertClean();
  });

  it('filters by category (the user\'s categories, in the URL), search matches the category, Clear Filters resets it', async () => {
    const s = b.session();
    const { session: own } = await createUserWithSession('list-category');
    await createProductsApi(own, [
      { name: 'Trowel', price: 9, quantity: 3, category: 'Garden' },
      { name: 'Hose', price: 25, quantity: 0, category: 'Garden' },
      { name: 'Claw hammer', price: 19, quantity: 4, category: 'Tools' },
      { name: 'Teapot', price: 30, quantity: 2, category: 'Café & Crème' },
    ]);
    await useSessionInBrowser(s.context, own);
    const list = new ProductListPage(s.page);
    await list.goto();
    await list.waitForNames(['Teapot', 'Claw hammer', 'Hose', 'Trowel']);
    const options = await list.category.evaluate((el) => [...(el as HTMLSelectElement).options].map((o) => o.label));
    expect(options).toEqual(['All categories', 'Café & Crème', 'Garden', 'Tools']);

    await list.category.selectOption({ label: 'Garden' });
    await list.waitForPath('/products', '?category=Garden');
    await list.waitForNames(['Hose', 'Trowel']);
    await list.waitForSummary(2, 2);
    expect(await list.clearFilters.isEnabled()).toBe(true);

    // It combines with the stock filter, and a reload keeps both.
    await list.filterStock('In Stock');
    await list.waitForPath('/products', '?category=Garden&inStock=true');
    await list.waitForNames(['Trowel']);
    await list.goto('?category=Caf%C3%A9+%26+Cr%C3%A8me');
    await list.waitForNames(['Teapot']);
    expect(await list.selectedLabel(list.category)).toBe('Café & Crème');

    await list.clearFilters.click();
    await list.waitForPath('/products', '');
    await list.waitForNames(['Teapot', 'Claw hammer', 'Hose', 'Trowel']);
    expect(await list.selectedLabel(list.category)).toBe('All categories');

    // A category from an old link that no product has any more: shown as chosen, nothing matches, Clear Filters offered.
    await list.goto('?category=Kitchen');
    await list.noMatch.waitFor();
    expect(await list.selectedLabel(list.category)).toBe('Kitchen');
    await list.noMatchClearFilters.click();
    await list.waitForPath('/products', '');

    // The search box finds by category too.
    await list.search.fill('gard');
    await list.waitForPath('/products', '?search=gard');
    await list.waitForNames(['Hose', 'Trowel']);
    s.assertClean();
  });

  it('searches name and description once the user stops typing; no match offers Clear Filters, which restores the list', async () => {
    const s = b.session();
    const searched: (string | null)[] = [];
    s.page.on('request', (req) => {
      const body = req.postData() ?? '';
      if (!req.url().endsWith('/graphql') || !body.includes('"operationName":"ProductList"')) return;
      searched.push((JSON.parse(body) as { variables: { query: { search?: string } } }).variables.query.search ?? null);
    });
    await useSessionInBrowser(s.context, session);
    const list = new ProductListPage(s.page);
    await list.goto();
    await list.waitForNames(names(newest.slice(0, 10)));
    expect(searched).toEqual([null]);

    // Debounced: one request for the whole word, none per keystroke.
    await list.search.pressSequentially('pro');
    await list.waitForPath('/products', '?search=pro');
    const pro = newest.filter((p) => p.name.endsWith(' Pro'));
    expect(pro).toHaveLength(5);
    await list.waitForNames(names(pro));
    await list.waitForSummary(5, 5);
    expect(searched).toEqual([null, 'pro']);

    // A description matches too, whatever the case; Enter searches at once.
    await list.search.fill('ZEBRA');
    await list.search.press('Enter');
    await list.waitForPath('/products', '?search=ZEBRA');
    await list.waitForNames(['Jigsaw']);
    await list.waitForSummary(1, 1);

    // Search and stock filter combine; the toolbar's Clear Filters resets both.
    await list.search.fill('pro');
    await list.waitForPath('/products', '?search=pro');
    await list.filterStock('Out of Stock');
    await list.waitForPath('/products', '?search=pro&inStock=false');
    await list.waitForNames(names(pro.filter((p) => p.quantity === 0)));
    await list.clearFilters.click();
    await list.waitForPath('/products', '');
    await list.waitForNames(names(newest.slice(0, 10)));
    expect(await list.search.inputValue()).toBe('');
    expect(await list.checkedStockOption()).toBe('All');
    expect(await list.clearFilters.isDisabled()).toBe(true);

    // No match: its own empty state.
    await list.search.pressSequentially('no such thing');
    await list.noMatch.waitFor();
    // It names every kind of filter that can leave the list empty, the category's included.
    expect(await list.list.getByText(/another category or stock filter/).count()).toBe(1);
    await list.waitForPath('/products', '?search=no+such+thing');
    expect(await list.pagination.count()).toBe(0);
    expect(await list.noProductsYet.count()).toBe(0);
    await list.waitForStats(stats);
    await list.noMatchClearFilters.click();
    await list.waitForPath('/products', '');
    await list.waitForNames(names(newest.slice(0, 10)));
    await list.waitForSummary(10, 25);
    expect(await list.search.inputValue()).toBe('');
    s.assertClean();
  });

  it('keeps search, filter, sort and page in the URL: a reload and back / forward restore them', async () => {
    const { s, list } = await openList();
    const inStockByPrice = newest.filter((p) => p.quantity > 0).sort((a, c) => a.price - c.price);

    await list.filterStock('In Stock');
    await list.waitForPath('/products', '?inStock=true');
    await list.sort('Price');
    await list.waitForPath('/products', '?inStock=true&sortBy=price');
    await list.sortOrder.selectOption({ label: 'Ascending' });
    await list.waitForPath('/products', '?inStock=true&sortBy=price&sortOrder=asc');
    await list.next.click();
    await list.waitForPath('/products', '?inStock=true&sortBy=price&sortOrder=asc&page=2');
    await list.waitForNames(names(inStockByPrice.slice(10)));

    const expectPage2 = async () => {
      await list.waitForNames(names(inStockByPrice.slice(10)));
      await list.waitForPage(2, 2);
      expect(await list.checkedStockOption()).toBe('In Stock');
      expect(await list.selectedLabel(list.sortBy)).toBe('Price');
      expect(await list.selectedLabel(list.sortOrder)).toBe('Ascending');
    };
    await s.page.reload();
    await list.ready();
    expect(s.pathWithQuery()).toBe('/products?inStock=true&sortBy=price&sortOrder=asc&page=2');
    await expectPage2();

    await s.page.goBack();
    await list.waitForPath('/products', '?inStock=true&sortBy=price&sortOrder=asc');
    await list.waitForNames(names(inStockByPrice.slice(0, 10)));
    await list.waitForPage(1, 2);
    await s.page.goBack();
    await list.waitForPath('/products', '?inStock=true&sortBy=price');
    await list.waitForNames(names([...inStockByPrice].reverse().slice(0, 10)));
    expect(await list.selectedLabel(list.sortOrder)).toBe('Descending');
    await s.page.goForward();
    await list.waitForPath('/products', '?inStock=true&sortBy=price&sortOrder=asc');
    await list.waitForNames(names(inStockByPrice.slice(0, 10)));
    await s.page.goForward();
    await list.waitForPath('/products', '?inStock=true&sortBy=price&sortOrder=asc&page=2');
    await expectPage2();

    // Leaving for a product and coming "Back to Products" returns to the list as it was.
    const first = inStockByPrice[10];
    await list.viewButton(first.name).click();
    const detail = new ProductDetailPage(s.page);
    await detail.ready();
    await detail.backToProducts.click();
    await list.waitForPath('/products', '?inStock=true&sortBy=price&sortOrder=asc&page=2');
    await expectPage2();

    // A shared link with a search: the box shows it and a reload keeps it.
    const pro = newest.filter((p) => p.name.endsWith(' Pro')).sort(byName);
    await list.goto('?search=pro&sortBy=name&sortOrder=asc');
    await list.waitForNames(names(pro));
    expect(await list.search.inputValue()).toBe('pro');
    await s.page.reload();
    await list.ready();
    await list.waitForNames(names(pro));
    expect(await list.search.inputValue()).toBe('pro');
    expect(await list.selectedLabel(list.sortBy)).toBe('Name');

    // Back past the search: the box follows the URL.
    await s.page.goBack();
    await list.waitForPath('/products', '?inStock=true&sortBy=price&sortOrder=asc&page=2');
    await expectPage2();
    expect(await list.search.inputValue()).toBe('');
    s.assertClean();
  });
});

describe('product list: empty catalogue', () => {
  const b = useBrowser();

  it('shows No products yet with a call to add the first one, and all-zero stats', async () => {
    const s = b.session();
    await signedInUser(s, 'empty');
    const list = new ProductListPage(s.page);
    await list.goto();

    await list.noProductsYet.waitFor();
    await list.list.getByText('Your catalogue is empty.', { exact: false }).waitFor();
    await list.waitForStats({ total: '0', inStock: '0', outOfStock: '0', value: '$0.00' });
    expect(await list.noMatch.count()).toBe(0);
    expect(await list.pagination.count()).toBe(0);
    expect(await list.table.count()).toBe(0);
    expect(await list.clearFilters.isDisabled()).toBe(true);

    await list.addFirstProduct.click();
    const form = new ProductFormPage(s.page);
    await form.readyToCreate();
    await form.waitForPath('/products/new');

    // Cancel goes back to the (still empty) list.
    await form.cancel.click();
    await list.waitForPath('/products', '');
    await list.noProductsYet.waitFor();
    s.assertClean();
  });
});
