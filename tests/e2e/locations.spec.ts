import type { Page } from 'playwright-core';
import { ProductMessages, ScannerMessages } from '@stockroom/schema';
import { useBrowser, DESKTOP, MOBILE } from './support/browser';
import { createProductApi, createProductsApi, createUserWithSession, deleteProductApi, useSessionInBrowser } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { cameraFilming } from './support/fake-camera';
import { createLocationApi, listLocationsApi, productStockApi, transferStockApi } from './support/locations';
import { checkAtEveryWidth, CLEAN_AT_EVERY_WIDTH } from './support/no-violations';
import { animationsDone, saveScreenshot } from './support/screen-checks';
import { addMemberSql, createProductInWorkspace, createWorkspaceApi } from './support/workspaces';
import { toastLocator } from './pages/AppShell';
import { ProductListPage } from './pages/ProductListPage';

/** The Locations page's row of one location: its name links to its page. */
const treeRow = (page: Page, name: string) => page.getByRole('list', { name: 'Locations' }).getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });

/** "Where it is" on a product's page: one row per place. */
const stockLevel = (page: Page, path: string) => page.getByTestId('stock-level').filter({ has: page.getByRole('link', { name: path, exact: true }) });

async function addLocation(page: Page, values: { name: string; code?: string; inside?: string }) {
  await page.getByRole('button', { name: 'Add location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add location' });
  await dialog.getByLabel('Name').fill(values.name);
  if (values.code) await dialog.getByLabel('Code (optional)').fill(values.code);
  if (values.inside) await dialog.getByLabel('Inside').selectOption({ label: values.inside });
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  return dialog;
}

describe('locations', () => {
  const b = useBrowser();

  it('an owner builds a location tree, a taken code is refused on its field, and the page is clean at 375 and 1280 px', async () => {
    const s = b.session();
    const { session } = await createUserWithSession('locowner');
    await useSessionInBrowser(s.context, session);

    await s.page.goto('/locations');
    await s.page.getByRole('heading', { name: 'Locations', level: 1 }).waitFor();
    await treeRow(s.page, 'Main').getByText('Default').waitFor();

    let dialog = await addLocation(s.page, { name: 'Back room' });
    await dialog.waitFor({ state: 'detached' });
    await treeRow(s.page, 'Back room').waitFor();
    dialog = await addLocation(s.page, { name: 'Shelf B3', code: 'B3', inside: 'Back room' });
    await dialog.waitFor({ state: 'detached' });
    await treeRow(s.page, 'Shelf B3').getByText('Back room / Shelf B3').waitFor();

    // The sub-location is indented under its parent, directly below it.
    const names = await s.page.getByRole('list', { name: 'Locations' }).locator('.location-tree__name').allTextContents();
    expect(names).toEqual(['Back room', 'Shelf B3', 'Main']);
    const indent = (name: string) => treeRow(s.page, name).evaluate((row) => parseFloat(getComputedStyle(row).paddingLeft));
    expect(await indent('Shelf B3')).toBeGreaterThan(await indent('Back room'));

    dialog = await addLocation(s.page, { name: 'Shelf B4', code: 'b3' });
    await dialog.getByText('A location with this code already exists').waitFor();
    expect(await dialog.getByLabel('Code (optional)').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Moving Back room: neither itself nor its shelf is offered as its new parent, so no loop can be chosen.
    await treeRow(s.page, 'Back room').getByRole('button', { name: 'Edit Back room' }).click();
    dialog = s.page.getByRole('dialog', { name: 'Edit Back room' });
    // allTextContents reads what is there now: the dialog (its own chunk) must have opened first.
    await dialog.getByLabel('Inside').waitFor();
    const parents = await dialog.getByLabel('Inside').locator('option').allTextContents();
    expect(parents).toEqual(['Nothing (at the top)', 'Main']);
    await dialog.getByLabel('Name').fill('Stock room');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await treeRow(s.page, 'Shelf B3').getByText('Stock room / Shelf B3').waitFor();
    const stored = await listLocationsApi(session);
    expect(stored.map((location) => location.path).sort()).toEqual(['Main', 'Stock room', 'Stock room / Shelf B3']);

    // A toast fading out would be checked half transparent: the page is checked once it has gone.
    const savedToast = s.page.locator('.bp6-toast').filter({ hasText: 'Stock room saved' });
    await savedToast.waitFor();
    await savedToast.waitFor({ state: 'detached' });
    await animationsDone(s.page);
    expect(await checkAtEveryWidth(s.page, () => treeRow(s.page, 'Shelf B3').waitFor())).toEqual(CLEAN_AT_EVERY_WIDTH);
    for (const viewport of [MOBILE, DESKTOP]) {
      await s.page.setViewportSize(viewport);
      await saveScreenshot(s.page, 'locations', `tree-${viewport.width}`);
    }
    s.assertClean();
  });

  it('moves stock between two places from the product page: both quantities and the total show, and a move beyond the stock is refused', async () => {
    const s = b.session();
    const { session } = await createUserWithSession('locmover');
    await useSessionInBrowser(s.context, session);
    const van = await createLocationApi(session, { name: 'Van', code: 'VAN1' });
    const product = await createProductApi(session, { name: 'Ladder', price: 40, quantity: 10 });

    await s.page.goto(`/products/${product.id}`);
    await s.page.getByRole('heading', { name: 'Where it is' }).waitFor();
    await stockLevel(s.page, 'Main').getByText('10').waitFor();
    await stockLevel(s.page, 'Main').getByRole('button', { name: 'Move stock from Main' }).click();
    let dialog = s.page.getByRole('dialog', { name: 'Move stock' });
    await dialog.getByLabel('To').selectOption({ label: 'Van' });
    await dialog.getByLabel('Quantity').fill('4');
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const movedToast = s.page.locator('.bp6-toast').filter({ hasText: 'Stock moved' });
    await movedToast.waitFor();

    await stockLevel(s.page, 'Van').getByTestId('stock-level-quantity').filter({ hasText: /^4$/ }).waitFor();
    expect(await stockLevel(s.page, 'Main').getByTestId('stock-level-quantity').textContent()).toBe('6');
    expect(await s.page.getByTestId('stock-levels-total').textContent()).toBe('10');
    expect(await s.page.getByTestId('product-quantity-current').textContent()).toBe('10');
    const stock = await productStockApi(session, product.id);
    expect(Object.fromEntries(stock.levels.map((level) => [level.location.name, level.quantity]))).toEqual({ Main: 6, Van: 4 });
    // The history says where each half of the transfer happened.
    await s.page.getByTestId('stock-movement').filter({ hasText: 'Moved in' }).getByTestId('stock-movement-location').filter({ hasText: 'at Van' }).waitFor();
    await s.page.getByTestId('stock-movement').filter({ hasText: 'Moved out' }).getByTestId('stock-movement-location').filter({ hasText: 'at Main' }).waitFor();
    // A move leaves the total as it was: neither half says there were ever fewer than 10.
    const afterEach = await s.page.getByTestId('stock-movement').filter({ hasText: /Moved (in|out)/ }).getByTestId('stock-movement-after').allTextContents();
    expect(afterEach).toEqual(['10 in stock', '10 in stock']);

    await stockLevel(s.page, 'Van').getByRole('button', { name: 'Move stock from Van' }).click();
    dialog = s.page.getByRole('dialog', { name: 'Move stock' });
    await dialog.getByLabel('Quantity').fill('9');
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await dialog.getByTestId('stock-move-error').filter({ hasText: 'Not enough stock at Van' }).waitFor();
    await animationsDone(s.page);
    for (const viewport of [MOBILE, DESKTOP]) {
      await s.page.setViewportSize(viewport);
      await saveScreenshot(s.page, 'locations', `move-refused-${viewport.width}`);
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await stockLevel(s.page, 'Van').getByTestId('stock-level-quantity').textContent()).toBe('4');

    // A toast fading out would be checked half transparent: the page is checked once it has gone.
    await movedToast.waitFor({ state: 'detached' });
    expect(await checkAtEveryWidth(s.page, () => stockLevel(s.page, 'Van').waitFor())).toEqual(CLEAN_AT_EVERY_WIDTH);
    for (const viewport of [MOBILE, DESKTOP]) {
      await s.page.setViewportSize(viewport);
      await saveScreenshot(s.page, 'locations', `product-${viewport.width}`);
    }

    // The van's page lists what is there, with the quantity there.
    await stockLevel(s.page, 'Van').getByRole('link', { name: 'Van' }).click();
    await s.page.getByRole('heading', { name: 'Van', level: 1 }).waitFor();
    await s.page.getByRole('link', { name: 'Ladder' }).waitFor();
    expect(await s.page.getByTestId('quantity-at-location').textContent()).toBe('4 here');
    expect(new URL(s.page.url()).pathname).toBe(`/locations/${van.id}`);
    expect(await checkAtEveryWidth(s.page, () => s.page.getByRole('link', { name: 'Ladder' }).waitFor())).toEqual(CLEAN_AT_EVERY_WIDTH);
    for (const viewport of [MOBILE, DESKTOP]) {
      await s.page.setViewportSize(viewport);
      await saveScreenshot(s.page, 'locations', `location-${viewport.width}`);
    }
    s.assertClean();
  });

  it('counts and sells at a chosen location, and refuses to delete a location while stock is there', async () => {
    const s = b.session();
    const { session } = await createUserWithSession('locdelete');
    await useSessionInBrowser(s.context, session);
    await createLocationApi(session, { name: 'Van' });
    const product = await createProductApi(session, { name: 'Kettle', price: 12, quantity: 5 });

    await s.page.goto(`/products/${product.id}`);
    await stockLevel(s.page, 'Main').waitFor();
    await s.page.getByRole('button', { name: 'Count stock' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Count stock' });
    await dialog.getByLabel('Location').selectOption({ label: 'Van' });
    expect(await dialog.getByLabel('Counted quantity').inputValue()).toBe('0');
    await dialog.getByLabel('Counted quantity').fill('2');
    await dialog.getByRole('button', { name: 'Save count' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await stockLevel(s.page, 'Van').getByTestId('stock-level-quantity').filter({ hasText: /^2$/ }).waitFor();
    expect(await s.page.getByTestId('stock-levels-total').textContent()).toBe('7');

    // A sale from the van takes from the van only.
    await s.page.getByRole('button', { name: 'Adjust stock' }).click();
    const adjust = s.page.getByRole('dialog', { name: 'Adjust stock' });
    expect(await adjust.getByLabel('Location').locator('option:checked').textContent()).toBe('Main');
    await adjust.getByLabel('Location').selectOption({ label: 'Van' });
    await adjust.getByLabel('Amount').fill('1');
    await adjust.getByRole('button', { name: 'Save adjustment' }).click();
    await adjust.waitFor({ state: 'hidden' });
    await stockLevel(s.page, 'Van').getByTestId('stock-level-quantity').filter({ hasText: /^1$/ }).waitFor();
    expect(await stockLevel(s.page, 'Main').getByTestId('stock-level-quantity').textContent()).toBe('5');
    expect(await s.page.getByTestId('stock-levels-total').textContent()).toBe('6');

    await s.page.getByRole('link', { name: 'Locations' }).first().click();
    // Each place says what it holds: 5 kettles at $12 at Main, 1 in the van.
    await treeRow(s.page, 'Main').getByText('1 product · $60.00').waitFor();
    await treeRow(s.page, 'Van').getByText('1 product · $12.00').waitFor();
    await treeRow(s.page, 'Van').getByRole('button', { name: 'Delete Van' }).click();
    await s.page.getByRole('alertdialog', { name: 'Delete Van?' }).getByRole('button', { name: 'Delete' }).click();
    await s.page.getByText('Move the stock out of this location first').waitFor();
    await treeRow(s.page, 'Van').waitFor();
    expect(await treeRow(s.page, 'Main').getByRole('button', { name: 'Delete Main' }).count()).toBe(0);
    s.assertClean();
  });

  it('a VIEWER sees the locations and where stock is, but no management or Move', async () => {
    const s = b.session();
    const owner = await createUserWithSession('locteamowner');
    const viewer = await createUserWithSession('locviewer');
    const team = await createWorkspaceApi(owner.session, 'Warehouse team');
    await createLocationApi(owner.session, { name: 'Loading bay' }, team.id);
    const product = await createProductInWorkspace(owner.session, team.id, { name: 'Pallet', price: 15, quantity: 3 });
    await addMemberSql(team.id, viewer.user.email, 'VIEWER');
    await useSessionInBrowser(s.context, viewer.session);

    await s.page.goto(`/locations?workspace=${team.id}`);
    await treeRow(s.page, 'Loading bay').waitFor();
    await s.page.getByRole('banner').getByRole('button', { name: /^Workspace: .*VIEWER/ }).waitFor();
    const main = s.page.getByRole('main');
    expect(await main.getByRole('button', { name: 'Add location' }).count()).toBe(0);
    expect(await main.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0);

    await s.page.goto(`/products/${product.id}?workspace=${team.id}`);
    await stockLevel(s.page, 'Main').getByText('3').waitFor();
    expect(await main.getByRole('button', { name: /^Move stock from/ }).count()).toBe(0);
    s.assertClean();
  });
});

/** A location page's scanning: the camera, the code field and what the page says about a code. */
const scanHereButton = (page: Page) => page.getByRole('main').getByRole('button', { name: ScannerMessages.scanHere });
const codeField = (page: Page) => page.getByRole('main').getByLabel(ScannerMessages.enterCode);
/** The stock at one product's row of a location's page ("5 here"). */
const hereFigure = (page: Page, product: string) =>
  page.getByRole('list', { name: 'Products here' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: product, exact: true }) }).getByTestId('quantity-at-location');
/** The product's quantity at each place, by name, as the API says. */
async function levelsByName(...args: Parameters<typeof productStockApi>) {
  const stock = await productStockApi(...args);
  return { total: stock.total, ...Object.fromEntries(stock.levels.map((level) => [level.location.name, level.quantity])) };
}

describe('scanning products at a location', () => {
  // The EAN-13 on the product's pack.
  const b = cameraFilming({ symbology: 'ean13', text: '4006381333931' });

  /** A team with Back room / Shelf B3 holding 3 of a product's 10 (7 at Main), and a member of it with `role`. */
  async function teamShelf(tag: string, role: 'COUNTER' | 'VIEWER') {
    const owner = await createUserWithSession(`${tag}owner`);
    const member = await createUserWithSession(`${tag}${role.toLowerCase()}`);
    const team = await createWorkspaceApi(owner.session, 'Scanning team');
    const backRoom = await createLocationApi(owner.session, { name: 'Back room' }, team.id);
    const shelf = await createLocationApi(owner.session, { name: 'Shelf B3', code: 'B3', parentId: backRoom.id }, team.id);
    const main = (await listLocationsApi(owner.session, team.id)).find((location) => location.isDefault)!;
    const product = await createProductInWorkspace(owner.session, team.id, { name: 'Bench Vise', price: 30, quantity: 10, barcode: '4006381333931', sku: 'VISE-4' });
    await transferStockApi(owner.session, product.id, { fromLocationId: main.id, toLocationId: shelf.id, quantity: 3 }, team.id);
    await addMemberSql(team.id, member.user.email, role);
    const s = await b.open(b.browser(), { viewport: MOBILE, permissions: ['camera'], isMobile: true, hasTouch: true });
    await useSessionInBrowser(s.context, member.session);
    await s.page.goto(`/locations/${shelf.id}?workspace=${team.id}`);
    await s.page.getByRole('heading', { name: 'Shelf B3', level: 1 }).waitFor();
    return { s, owner, team, product };
  }

  it('a COUNTER scans a barcode and counts it there, types a SKU and adds stock there; only that place changes, and a sale beyond what is there is refused on the dialog', async () => {
    const { s, owner, team, product } = await teamShelf('scanhere', 'COUNTER');
    const stock = () => levelsByName(owner.session, product.id, team.id);
    await hereFigure(s.page, 'Bench Vise').filter({ hasText: /^3 here$/ }).waitFor();
    await scanHereButton(s.page).waitFor();
    expect(await checkAtEveryWidth(s.page, () => scanHereButton(s.page).waitFor())).toEqual(CLEAN_AT_EVERY_WIDTH);
    for (const viewport of [DESKTOP, MOBILE]) {
      await s.page.setViewportSize(viewport);
      await saveScreenshot(s.page, 'locations', `scan-here-${viewport.width}`);
    }

    // The camera reads the pack's barcode: the product's own stock on this shelf, and its total.
    await scanHereButton(s.page).click();
    const found = s.page.getByRole('dialog', { name: 'Bench Vise' });
    await found.getByTestId('product-here-quantity').filter({ hasText: /^3$/ }).waitFor();
    expect(await found.getByTestId('product-here-total').textContent()).toBe('10');
    await found.getByText('at Shelf B3', { exact: false }).waitFor();
    await animationsDone(s.page);
    await saveScreenshot(s.page, 'locations', 'scan-here-found-375');
    await expectNoAxeViolations(s.page, 'a product found at a location, 375 px');

    await found.getByRole('button', { name: 'Count here' }).click();
    const count = s.page.getByRole('dialog', { name: 'Count stock' });
    await count.getByLabel('Counted quantity').waitFor();
    expect(await count.getByLabel('Location').count()).toBe(0);
    expect(await count.getByTestId('stock-count-expected').textContent()).toBe('3');
    expect(await count.getByLabel('Counted quantity').inputValue()).toBe('3');
    await animationsDone(s.page);
    await saveScreenshot(s.page, 'locations', 'scan-here-count-375');
    await expectNoAxeViolations(s.page, 'Count here, 375 px');
    await count.getByLabel('Counted quantity').fill('5');
    await count.getByRole('button', { name: 'Save count' }).click();
    await count.waitFor({ state: 'hidden' });
    await toastLocator(s.page, 'Stock updated').waitFor();
    await hereFigure(s.page, 'Bench Vise').filter({ hasText: /^5 here$/ }).waitFor();
    expect(await stock()).toEqual({ total: 12, Main: 7, 'Shelf B3': 5 });
    // Ready for the next product: the focus is back on the camera button.
    await s.page.waitForFunction(() => document.activeElement?.classList.contains('location-scan__camera'));

    // A SKU typed in any case, sent with Enter, finds it too; Add puts the stock on this shelf.
    await codeField(s.page).fill('vise-4');
    await codeField(s.page).press('Enter');
    await found.getByTestId('product-here-quantity').filter({ hasText: /^5$/ }).waitFor();
    expect(await found.getByTestId('product-here-total').textContent()).toBe('12');
    await found.getByRole('button', { name: 'Add or remove here' }).click();
    let adjust = s.page.getByRole('dialog', { name: 'Adjust stock' });
    await adjust.getByLabel('Amount').waitFor();
    expect(await adjust.getByLabel('Location').count()).toBe(0);
    expect(await adjust.getByTestId('stock-adjust-current').textContent()).toBe('5');
    await adjust.getByRole('radio', { name: 'Add', exact: true }).click();
    await adjust.getByLabel('Amount').fill('4');
    await adjust.getByRole('button', { name: 'Save adjustment' }).click();
    await adjust.waitFor({ state: 'hidden' });
    await hereFigure(s.page, 'Bench Vise').filter({ hasText: /^9 here$/ }).waitFor();
    expect(await stock()).toEqual({ total: 16, Main: 7, 'Shelf B3': 9 });
    // The code field has the focus again, its code selected, so the next one typed replaces it.
    await s.page.waitForFunction(() => {
      const input = document.activeElement as HTMLInputElement | null;
      return input?.value === 'vise-4' && input.selectionStart === 0 && input.selectionEnd === input.value.length;
    });

    // Taking out more than the shelf holds (though not more than the total) is refused on the amount, as on the product's page.
    await codeField(s.page).press('Enter');
    await found.getByRole('button', { name: 'Add or remove here' }).click();
    adjust = s.page.getByRole('dialog', { name: 'Adjust stock' });
    await adjust.getByLabel('Amount').fill('12');
    await adjust.getByRole('button', { name: 'Save adjustment' }).click();
    await adjust.getByTestId('stock-adjust-error').filter({ hasText: ProductMessages.insufficientStock }).waitFor();
    await animationsDone(s.page);
    await saveScreenshot(s.page, 'locations', 'scan-here-refused-375');
    expect(await stock()).toEqual({ total: 16, Main: 7, 'Shelf B3': 9 });
    await adjust.getByRole('button', { name: 'Cancel' }).click();
    await found.getByRole('button', { name: 'Close' }).click();
    await found.waitFor({ state: 'detached' });
    expect(await hereFigure(s.page, 'Bench Vise').textContent()).toBe('9 here');
    s.assertClean();
  });

  it('a typed code that no product has, or that several match, says so; a product label\'s link finds its product; a product deleted meanwhile says so on the dialog', async () => {
    const s = await b.open(b.browser(), { viewport: DESKTOP, permissions: ['camera'] });
    const { session } = await createUserWithSession('scanherecodes');
    await useSessionInBrowser(s.context, session);
    const van = await createLocationApi(session, { name: 'Van', code: 'VAN1' });
    const [, , kettle] = await createProductsApi(session, [
      { name: 'Pair of gloves, blue', price: 4, quantity: 2 },
      { name: 'Pair of gloves, red', price: 4, quantity: 2 },
      { name: 'Kettle', price: 12, quantity: 5, sku: 'KET-1' },
    ]);
    await s.page.goto(`/locations/${van.id}`);
    await s.page.getByRole('heading', { name: 'Van', level: 1 }).waitFor();

    await codeField(s.page).fill('NOPE-123');
    await s.page.getByRole('main').getByRole('button', { name: ScannerMessages.findCode }).click();
    await s.page.getByRole('status').getByText(ScannerMessages.noProduct('NOPE-123')).waitFor();

    await codeField(s.page).fill('Pair of gloves');
    await codeField(s.page).press('Enter');
    await s.page.getByRole('status').getByText(ScannerMessages.severalProducts('Pair of gloves')).waitFor();
    await animationsDone(s.page);
    await saveScreenshot(s.page, 'locations', 'scan-here-several-1280');

    // A product label's QR code (a link to the product here) finds that product.
    await codeField(s.page).fill(s.url(`/products/${kettle.id}`));
    await codeField(s.page).press('Enter');
    const labelled = s.page.getByRole('dialog', { name: 'Kettle' });
    await labelled.getByTestId('product-here-total').filter({ hasText: /^5$/ }).waitFor();
    await labelled.getByRole('button', { name: 'Close' }).click();
    await labelled.waitFor({ state: 'detached' });

    // Deleted while its dialog is open: the count is refused and the dialog says the product is gone.
    await codeField(s.page).fill('KET-1');
    await codeField(s.page).press('Enter');
    const found = s.page.getByRole('dialog', { name: 'Kettle' });
    await found.getByTestId('product-here-quantity').filter({ hasText: /^0$/ }).waitFor();
    expect(await found.getByTestId('product-here-total').textContent()).toBe('5');
    await animationsDone(s.page);
    await saveScreenshot(s.page, 'locations', 'scan-here-found-1280');
    await expectNoAxeViolations(s.page, 'a product found at a location, 1280 px');
    await deleteProductApi(session, kettle.id);
    await found.getByRole('button', { name: 'Count here' }).click();
    const count = s.page.getByRole('dialog', { name: 'Count stock' });
    await count.getByLabel('Counted quantity').fill('1');
    await count.getByRole('button', { name: 'Save count' }).click();
    await found.getByRole('alert').getByText(ProductMessages.notFound).waitFor();
    expect(await found.getByRole('button', { name: 'Count here' }).isDisabled()).toBe(true);
    await found.getByRole('button', { name: 'Close' }).click();
    await found.waitFor({ state: 'detached' });

    // Several: the list searched for the code shows them.
    await codeField(s.page).fill('Pair of gloves');
    await codeField(s.page).press('Enter');
    await s.page.getByRole('link', { name: ScannerMessages.showSeveral }).click();
    await s.page.waitForURL((url) => url.pathname === '/products' && url.searchParams.get('search') === 'Pair of gloves');
    await new ProductListPage(s.page).waitForNames(['Pair of gloves, red', 'Pair of gloves, blue']);
    s.assertClean();
  });

  it('a VIEWER sees what is at a location but no scanning or code field', async () => {
    const { s } = await teamShelf('scanview', 'VIEWER');
    await hereFigure(s.page, 'Bench Vise').filter({ hasText: /^3 here$/ }).waitFor();
    await s.page.getByRole('banner').getByRole('button', { name: /^Workspace: .*VIEWER/ }).waitFor();
    expect(await scanHereButton(s.page).count()).toBe(0);
    expect(await codeField(s.page).count()).toBe(0);
    expect(await s.page.getByRole('heading', { name: 'Count or add stock here' }).count()).toBe(0);
    s.assertClean();
  });
});
