import type { Page } from 'playwright-core';
import { useBrowser, DESKTOP, MOBILE } from './support/browser';
import { createProductApi, createUserWithSession, useSessionInBrowser } from './support/api';
import { createLocationApi, listLocationsApi, productStockApi } from './support/locations';
import { checkAtEveryWidth, CLEAN_AT_EVERY_WIDTH } from './support/no-violations';
import { animationsDone, saveScreenshot } from './support/screen-checks';
import { addMemberSql, createProductInWorkspace, createWorkspaceApi } from './support/workspaces';

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
