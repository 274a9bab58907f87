import { createProductsApi, signedInUser } from './support/api';
import { DESKTOP, MOBILE, useBrowser } from './support/browser';
import { GeneralMessages } from '@stockroom/schema';
import { failGraphqlOperation } from './support/graphql';
import { signedInAdmin } from './support/promote-user';
import { axeLines } from './support/axe';
import { saveScreenshot, sidewaysOverflow } from './support/screen-checks';
import { ProductDetailPage } from './pages/ProductDetailPage';
import { ProductListPage } from './pages/ProductListPage';
import { QuickSearch } from './pages/QuickSearch';

const SCREENSHOTS = 'quick-search';
const PAGES = ['Dashboard', 'Products', 'New product', 'Locations', 'Stock counts', 'Members', 'Profile', 'Help'];

describe('quick search', () => {
  const b = useBrowser();

  it.each([
    ['1280', DESKTOP],
    ['375', MOBILE],
  ] as const)('at %s px: the Search button opens it; typing finds the products, a click opens one; Escape gives the focus back', async (width, viewport) => {
    const s = await b.open(b.browser(), { viewport, isMobile: viewport === MOBILE, hasTouch: viewport === MOBILE });
    const session = await signedInUser(s, `qs-mouse-${width}`);
    const [, lamp] = await createProductsApi(session, [
      { name: 'Oak Desk', price: 300, category: 'Furniture' },
      { name: 'Brass Desk Lamp', price: 45, category: 'Lighting', quantity: 0 },
      { name: 'Stapler', price: 9, category: 'Office', sku: 'STP-0042' },
    ]);
    const list = new ProductListPage(s.page);
    await list.goto();
    const search = new QuickSearch(s.page);

    await search.button.click();
    await search.dialog.waitFor();
    expect(await search.isFocused(search.input)).toBe(true);
    // No text yet: the pages, no admin page for a member.
    expect(await search.optionTexts()).toEqual(PAGES);
    expect(await axeLines(s.page, { include: '.quick-search' })).toEqual([]);
    await saveScreenshot(s.page, SCREENSHOTS, `pages-${width}`);

    await search.input.pressSequentially('desk');
    await search.waitForResults();
    expect(await search.optionTexts()).toEqual(['Brass Desk Lamp Lighting · Out of stock', 'Oak Desk Furniture · 1 in stock']);
    expect(await search.status.textContent()).toBe('2 products and 0 pages found.');
    expect(await axeLines(s.page, { include: '.quick-search' })).toEqual([]);
    expect(await sidewaysOverflow(s.page)).toEqual([]);
    await saveScreenshot(s.page, SCREENSHOTS, `products-${width}`);

    // Part of a SKU, as one types it, finds the product, with its SKU on the second line.
    await search.input.fill('');
    await search.input.pressSequentially('stp-00');
    // Every search from "st" on finds Stapler alone; "s" finds more, so wait for the one option.
    await s.page.waitForFunction(() => document.querySelectorAll('[role="dialog"] [role="option"]').length === 1);
    expect(await search.optionTexts()).toEqual(['Stapler STP-0042 · Office · 1 in stock']);

    // Escape closes it and the focus is back on the button that opened it.
    await s.page.keyboard.press('Escape');
    await search.waitForClosed();
    expect(await search.isFocused(search.button)).toBe(true);

    await search.button.click();
    await search.input.pressSequentially('lamp');
    await search.waitForResults();
    await search.option(/^Brass Desk Lamp/).click();
    await search.waitForClosed();
    const detail = new ProductDetailPage(s.page);
    await detail.waitForPath(`/products/${lamp.id}`);
    await detail.ready();
    s.assertClean();
  });

  it('the keyboard: Ctrl+K, / outside a field, arrows, Enter; a page by its name; no search while typing in a field', async () => {
    const s = b.session();
    const session = await signedInUser(s, 'qs-keys');
    const [first, second] = await createProductsApi(session, [
      { name: 'Drill Bits', price: 12, category: 'Tools' },
      { name: 'Drill Press', price: 480, category: 'Tools' },
    ]);
    const list = new ProductListPage(s.page);
    await list.goto();
    const search = new QuickSearch(s.page);

    await s.page.keyboard.press('Control+k');
    await search.dialog.waitFor();
    await search.input.pressSequentially('drill');
    await search.waitForResults();
    // Newest first, as the list sorts; the first option is the keyboard's to begin with.
    expect(await search.activeOption()).toBe('Drill Press Tools · 1 in stock');
    await s.page.keyboard.press('ArrowDown');
    expect(await search.activeOption()).toBe('Drill Bits Tools · 1 in stock');
    await s.page.keyboard.press('ArrowDown');
    expect(await search.activeOption()).toBe('Drill Press Tools · 1 in stock');
    await s.page.keyboard.press('ArrowUp');
    await s.page.keyboard.press('Enter');
    await search.waitForClosed();
    await list.waitForPath(`/products/${first.id}`);
    expect(second.name).toBe('Drill Press');

    // `/` opens it from the page; the pages are found by name.
    await s.page.locator('body').click({ position: { x: 5, y: 5 } });
    await s.page.keyboard.press('/');
    await search.dialog.waitFor();
    await search.input.pressSequentially('prof');
    await search.waitForResults();
    expect(await search.optionTexts()).toEqual(['Profile']);
    await s.page.keyboard.press('Enter');
    await search.waitForClosed();
    await list.waitForPath('/profile/edit');

    // Typed in a field, `/` is a character.
    await list.goto();
    await list.search.click();
    await s.page.keyboard.press('/');
    expect(await list.search.inputValue()).toBe('/');
    expect(await search.dialog.count()).toBe(0);
    s.assertClean();
  });

  it('gives the focus back to what opened it every time: three times from the Search button, and from a field by Ctrl+K', async () => {
    const s = b.session();
    await signedInUser(s, 'qs-refocus');
    const list = new ProductListPage(s.page);
    await list.goto();
    const search = new QuickSearch(s.page);
    const focusedIsSearchButton = () => search.button.evaluate((button) => document.activeElement === button);

    for (let opening = 1; opening <= 3; opening += 1) {
      await search.button.click();
      await search.input.waitFor();
      await s.page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
      await s.page.keyboard.press('Escape');
      await search.waitForClosed();
      await s.page.waitForFunction(() => document.activeElement !== document.body);
      expect([opening, await focusedIsSearchButton()]).toEqual([opening, true]);
    }

    await list.search.click();
    for (let opening = 1; opening <= 2; opening += 1) {
      await s.page.keyboard.press('Control+k');
      await search.input.waitFor();
      await s.page.keyboard.press('Escape');
      await search.waitForClosed();
      await s.page.waitForFunction(() => document.activeElement !== document.body);
      expect([opening, await list.search.evaluate((input) => document.activeElement === input)]).toEqual([opening, true]);
    }
    s.assertClean();
  });

  it('lists the Admin page for an admin', async () => {
    const s = b.session();
    await signedInAdmin(s, 'qs-admin');
    const list = new ProductListPage(s.page);
    await list.goto();
    const search = new QuickSearch(s.page);
    await s.page.keyboard.press('Control+k');
    await search.input.pressSequentially('adm');
    await search.waitForResults();
    expect(await search.optionTexts()).toEqual(['Admin']);
    s.assertClean();
  });

  it('a search the server fails says so, and the pages still work', async () => {
    const s = b.session();
    await signedInUser(s, 'qs-error');
    const list = new ProductListPage(s.page);
    await list.goto();
    await failGraphqlOperation(s.page, 'QuickSearchProducts');
    const search = new QuickSearch(s.page);
    await search.button.click();
    await search.input.pressSequentially('pro');
    await search.waitForResults();
    expect(await search.status.textContent()).toBe(GeneralMessages.server);
    expect(await search.optionTexts()).toEqual(['Products', 'New product', 'Profile']);
    await s.page.keyboard.press('ArrowDown');
    await s.page.keyboard.press('Enter');
    await list.waitForPath('/products/new');
    s.assertClean();
  });
});
