import type { Page } from 'playwright-core';
import { ProductMessages, ValidationMessages } from '@stockroom/schema';
import { DESKTOP, MOBILE, useBrowser, markDocument, sameDocument, type GuardedSession } from './support/browser';
import { adjustStockApi, createProductApi, signedInUser, stockMovementsApi, type ApiSession } from './support/api';
import { axeViolations, formatAxeFindings } from './support/axe';
import { animationsDone, saveScreenshot, sidewaysOverflow } from './support/screen-checks';
import { toastLocator } from './pages/AppShell';
import { ProductDetailPage } from './pages/ProductDetailPage';
import { ProductFormPage } from './pages/ProductFormPage';
import { ProductListPage, waitForExactText } from './pages/ProductListPage';

/** "Jan 5, 2025, 3:04 PM": the exact date-time on hover and focus. */
const EXACT_TIME = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M$/;
const MINUS = '\u2212';

async function openProduct(s: GuardedSession, tag: string, input: { name: string; quantity: number; price?: number }) {
  const session = await signedInUser(s, tag);
  const product = await createProductApi(session, { price: 2, ...input });
  const detail = new ProductDetailPage(s.page);
  await detail.goto(product.id);
  await detail.movements.first().waitFor();
  return { session, product, detail };
}

/** Waits until the history's first rows read `rows` (newest first). */
async function waitForRows(detail: ProductDetailPage, rows: { reason: string; delta: string; after: string; note?: string | null }[]) {
  const expected = rows.map((row) => ({ note: null, ...row }));
  try {
    await detail.page.waitForFunction(
      (want) => {
        const items = [...document.querySelectorAll('[data-testid="stock-movement"]')].slice(0, want.length);
        const text = (item: Element, id: string) => item.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? null;
        return (
          items.length === want.length &&
          items.every((item, i) => text(item, 'stock-movement-reason') === want[i].reason && text(item, 'stock-movement-delta') === want[i].delta && text(item, 'stock-movement-after') === want[i].after && text(item, 'stock-movement-note') === want[i].note)
        );
      },
      expected,
      { timeout: 15_000 },
    );
  } catch {
    expect((await detail.movementRows()).slice(0, rows.length)).toEqual(expected);
  }
}

/** The chart's line is drawn (an SVG path, so attached rather than "visible"). */
async function waitForChart(detail: ProductDetailPage): Promise<void> {
  await detail.historyChart.locator('svg .ct-line').first().waitFor({ state: 'attached' });
}

async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
}

/** Controls inside `selector` smaller than 44 px either way (touch targets on a phone). */
function smallTargets(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((within) => {
    const controls = [...document.querySelectorAll(within)].flatMap((root) => [...root.querySelectorAll('button, a, input, select, textarea, [role="radio"], [tabindex="0"]')]);
    return controls
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && !el.closest('.visually-hidden') && (box.height < 44 || box.width < 44);
      })
      .map((el) => {
        const box = el.getBoundingClientRect();
        return `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(box.width)}x${Math.round(box.height)}`;
      });
  }, selector);
}

describe('stock history: adjusting and counting on the detail page', () => {
  const b = useBrowser();

  it('a sale and a receipt with a note update the quantity, the history and the chart without a reload; the list agrees', async () => {
    const s = b.session();
    const { session, product, detail } = await openProduct(s, 'ledger', { name: 'Ledger Lamp', quantity: 10, price: 3 });
    await waitForRows(detail, [{ reason: 'Initial stock', delta: '+10', after: '10 in stock' }]);
    await waitForChart(detail);
    await markDocument(s);

    // The reason starts at Sale for taking out and at Receipt for adding.
    await detail.adjustStock.click();
    await detail.adjustDialog.waitFor();
    expect(await detail.reason.inputValue()).toBe('SALE');
    expect(await detail.reason.locator('option').allTextContents()).toEqual(['Sale', 'Damage', 'Correction']);
    await detail.add.click();
    expect(await detail.reason.inputValue()).toBe('RECEIPT');
    expect(await detail.reason.locator('option').allTextContents()).toEqual(['Receipt', 'Return', 'Correction']);

    await detail.adjust(-3);
    await detail.adjustDialog.waitFor({ state: 'hidden' });
    await toastLocator(s.page, 'Stock updated').first().waitFor();
    await waitForExactText(detail.currentStock, '7');
    await waitForExactText(detail.quantity, '7');
    await waitForRows(detail, [
      { reason: 'Sale', delta: `${MINUS}3`, after: '7 in stock' },
      { reason: 'Initial stock', delta: '+10', after: '10 in stock' },
    ]);

    await detail.adjust(5, { note: 'Delivery from Acme, crate 4' });
    await waitForExactText(detail.currentStock, '12');
    await waitForRows(detail, [
      { reason: 'Receipt', delta: '+5', after: '12 in stock', note: 'Delivery from Acme, crate 4' },
      { reason: 'Sale', delta: `${MINUS}3`, after: '7 in stock' },
      { reason: 'Initial stock', delta: '+10', after: '10 in stock' },
    ]);
    // The chart follows: its summary names the newest quantity.
    await s.page.waitForFunction(
      (label) => document.querySelector('[data-testid="stock-chart"]')?.getAttribute('aria-label') === label,
      'Quantity over the last 3 movements: from 10 to 12, lowest 7, highest 12',
    );
    await waitForChart(detail);
    expect(await sameDocument(s)).toBe(true);

    // Who and when: the account's name, a relative time, the exact time on hover and on focus.
    const first = detail.movements.first();
    expect(await first.textContent()).toContain('Ada');
    const time = first.locator('time');
    expect(await time.textContent()).toBe('just now');
    const exact = (await first.getByTestId('stock-movement-exact-time').textContent())!;
    expect(exact).toMatch(EXACT_TIME);
    expect(await s.page.locator(`[id="${await time.getAttribute('aria-describedby')}"]`).textContent()).toBe(exact);
    await time.hover();
    await waitForExactText(s.page.locator('.bp6-tooltip'), exact);
    await s.page.mouse.move(0, 0);
    await time.focus();
    await s.page.locator('.bp6-tooltip').filter({ hasText: EXACT_TIME }).waitFor();

    // What the server has matches what is shown.
    expect((await stockMovementsApi(session, product.id)).map((m) => [m.reason, m.delta, m.quantityAfter, m.note])).toEqual([
      ['RECEIPT', 5, 12, 'Delivery from Acme, crate 4'],
      ['SALE', -3, 7, null],
      ['INITIAL', 10, 10, null],
    ]);

    // The list's row and totals agree (the Apollo cache, no reload).
    await detail.backToProducts.click();
    const list = new ProductListPage(s.page);
    await list.ready();
    expect((await list.rowCells('Ledger Lamp')).slice(3, 5)).toEqual(['12', 'In Stock']);
    await list.waitForStats({ total: '1', inStock: '1', outOfStock: '0', value: '$36.00' });
    s.assertClean();
  });

  it('a count equal to the quantity records a zero movement; a different count records the difference as a stock count', async () => {
    const s = b.session();
    const { session, product, detail } = await openProduct(s, 'count', { name: 'Counted Crate', quantity: 6 });

    await detail.countStock.click();
    await detail.countDialog.waitFor();
    // The field starts at what the system expects.
    expect(await detail.counted.inputValue()).toBe('6');
    await detail.count(6);
    await detail.countDialog.waitFor({ state: 'hidden' });
    await waitForRows(detail, [
      { reason: 'Stock count', delta: '0', after: '6 in stock' },
      { reason: 'Initial stock', delta: '+6', after: '6 in stock' },
    ]);
    await waitForExactText(detail.currentStock, '6');

    await detail.count(4, 'Two found broken on the shelf');
    await waitForExactText(detail.currentStock, '4');
    await waitForRows(detail, [
      { reason: 'Stock count', delta: `${MINUS}2`, after: '4 in stock', note: 'Two found broken on the shelf' },
      { reason: 'Stock count', delta: '0', after: '6 in stock' },
    ]);

    // Out of range: the rule's message on the field, nothing sent.
    await detail.count(100001);
    await waitForExactText(detail.countError, ValidationMessages.maxValue('Counted quantity', '100000'));
    await detail.counted.fill('-1');
    await detail.saveCount.click();
    await waitForExactText(detail.countError, ValidationMessages.minValue('Counted quantity', '0'));
    expect((await stockMovementsApi(session, product.id)).map((m) => [m.reason, m.delta, m.quantityAfter])).toEqual([
      ['COUNT', -2, 4],
      ['COUNT', 0, 6],
      ['INITIAL', 6, 6],
    ]);
    s.assertClean();
  });

  it("a sale beyond the stock shows the server's message on the amount and writes nothing; a note over 200 characters is refused on the note", async () => {
    const s = b.session();
    const { session, product, detail } = await openProduct(s, 'refused', { name: 'Scarce Part', quantity: 2 });

    await detail.adjust(-5);
    await waitForExactText(detail.stockError, ProductMessages.insufficientStock);
    await toastLocator(s.page, ProductMessages.insufficientStock).waitFor();
    // On the field: the amount says why.
    expect(await detail.amount.getAttribute('aria-invalid')).toBe('true');
    expect(await detail.amount.getAttribute('aria-describedby')).toBe('stock-amount-error');
    expect(await detail.adjustDialog.isVisible()).toBe(true);
    await waitForExactText(detail.currentStock, '2');
    // Typing again clears the message.
    await detail.amount.fill('1');
    await detail.stockError.waitFor({ state: 'hidden' });

    // 201 characters: the counter says so and the shared rule's message stands on the note.
    await detail.adjustNote.fill('x'.repeat(201));
    await detail.adjustDialog.getByText('201 / 200', { exact: true }).waitFor();
    await detail.saveAdjustment.click();
    await detail.adjustDialog.getByText(ValidationMessages.maxLength('Note', 200), { exact: true }).waitFor();
    expect(await detail.adjustNote.getAttribute('aria-invalid')).toBe('true');

    await detail.adjustDialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await detail.adjustDialog.waitFor({ state: 'hidden' });
    await waitForRows(detail, [{ reason: 'Initial stock', delta: '+2', after: '2 in stock' }]);
    expect(await detail.movements.count()).toBe(1);
    expect((await stockMovementsApi(session, product.id)).map((m) => m.reason)).toEqual(['INITIAL']);
    s.assertClean();
  });

  it('a quantity edited in the form shows as a correction in the history when the detail page opens again, without a reload', async () => {
    const s = b.session();
    const { detail } = await openProduct(s, 'correct', { name: 'Edited Bolt', quantity: 8 });
    await waitForRows(detail, [{ reason: 'Initial stock', delta: '+8', after: '8 in stock' }]);
    await markDocument(s);
    await detail.editProduct.click();
    const form = new ProductFormPage(s.page);
    await form.readyToEdit();
    await form.quantity.fill('11');
    await form.updateButton.click();
    await detail.ready();
    await waitForExactText(detail.currentStock, '11');
    await waitForRows(detail, [
      { reason: 'Correction', delta: '+3', after: '11 in stock' },
      { reason: 'Initial stock', delta: '+8', after: '8 in stock' },
    ]);
    expect(await sameDocument(s)).toBe(true);
    s.assertClean();
  });

  it('pages through a long history, newest first, and starts again at page 1 after a new movement', async () => {
    const s = b.session();
    const session = await signedInUser(s, 'pages');
    const product = await createProductApi(session, { name: 'Busy Shelf', price: 1, quantity: 0 });
    // 1 initial + 12 receipts of 1..12: quantities 1, 3, 6, ... 78; 13 movements, two pages of 10.
    for (let i = 1; i <= 12; i++) await adjustStockApi(session, product.id, { delta: i, note: `Delivery ${i}` });
    const detail = new ProductDetailPage(s.page);
    await detail.goto(product.id);
    await waitForRows(detail, [{ reason: 'Receipt', delta: '+12', after: '78 in stock', note: 'Delivery 12' }]);
    expect(await detail.movements.count()).toBe(10);
    const pagination = detail.history.getByRole('navigation', { name: 'Pagination' });
    await waitForExactText(pagination.getByRole('status'), 'Showing 10 of 13 movements');

    await pagination.getByRole('button', { name: 'Next', exact: true }).click();
    await waitForRows(detail, [
      { reason: 'Receipt', delta: '+2', after: '3 in stock', note: 'Delivery 2' },
      { reason: 'Receipt', delta: '+1', after: '1 in stock', note: 'Delivery 1' },
      { reason: 'Initial stock', delta: '0', after: '0 in stock' },
    ]);
    expect(await detail.movements.count()).toBe(3);
    await waitForExactText(pagination.getByRole('status'), 'Showing 3 of 13 movements');

    // A new movement shifts every page: back to the newest.
    await detail.adjust(-8);
    await waitForRows(detail, [
      { reason: 'Sale', delta: `${MINUS}8`, after: '70 in stock' },
      { reason: 'Receipt', delta: '+12', after: '78 in stock', note: 'Delivery 12' },
    ]);
    await waitForExactText(pagination.getByRole('status'), 'Showing 10 of 14 movements');
    s.assertClean();
  });

  it('draws the chart with the chart library loaded only on the detail page, not on the list', async () => {
    const s = b.session();
    const session = await signedInUser(s, 'chart');
    const product = await createProductApi(session, { name: 'Charted Bin', price: 1, quantity: 4 });
    await adjustStockApi(session, product.id, { delta: -1 });
    const scripts: string[] = [];
    s.page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const list = new ProductListPage(s.page);
    await list.goto();
    await list.ready();
    expect(scripts.filter((path) => /StockHistoryChart|InventoryCharts|chartist/.test(path))).toEqual([]);
    const beforeDetail = scripts.length;

    await (await list.action('Charted Bin', 'View')).click();
    const detail = new ProductDetailPage(s.page);
    await detail.ready();
    await waitForChart(detail);
    expect(scripts.slice(beforeDetail).filter((path) => /\/(StockHistoryChart|chartist)-/.test(path)).map((path) => path.split('-')[0])).toEqual(
      expect.arrayContaining(['/assets/StockHistoryChart', '/assets/chartist']),
    );
    expect(await detail.historyChart.getAttribute('role')).toBe('img');
    // Drawn inside its section, at a desk's width and a phone's.
    // The chart draws itself again after a resize, replacing its lines: both boxes are read in the page, in one go,
    // until the redrawn chart's last grid line ends inside the section (or the wait runs out, and the test says so).
    const section = await detail.history.elementHandle();
    for (const width of [DESKTOP, MOBILE]) {
      await s.page.setViewportSize(width);
      await waitForChart(detail);
      const inside = await s.page
        .waitForFunction((history) => {
          const line = [...history!.querySelectorAll('[data-testid="stock-chart"] svg .ct-grid.ct-horizontal')].pop();
          return line !== undefined && line.getBoundingClientRect().right <= history!.getBoundingClientRect().right;
        }, section)
        .then(
          () => true,
          () => false,
        );
      expect({ width: width.width, inside }).toEqual({ width: width.width, inside: true });
    }
    expect(await detail.historyChart.getAttribute('aria-label')).toBe('Quantity over the last 2 movements: from 4 to 3, lowest 3, highest 4');
    s.assertClean();
  });
});

describe('stock history: screens, accessibility and phones', () => {
  const b = useBrowser();

  /** axe on the whole page at 1280 and 375 px, a screenshot of each, and no sideways scroll at 320. */
  async function checkScreen(s: GuardedSession, label: string, ready: () => Promise<void>): Promise<string[]> {
    const reports: string[] = [];
    for (const width of [DESKTOP, MOBILE]) {
      await s.page.setViewportSize(width);
      await ready();
      await settled(s.page);
      // A dialog or toast still fading in or out has colours axe cannot judge.
      await animationsDone(s.page);
      await saveScreenshot(s.page, 'stock-history', `${label}-${width.width}`);
      const findings = await axeViolations(s.page);
      if (findings.length > 0) reports.push(formatAxeFindings(`${label} at ${width.width} px`, findings));
    }
    await s.page.setViewportSize({ width: 320, height: 640 });
    await ready();
    const overflow = await sidewaysOverflow(s.page);
    if (overflow.length > 0) reports.push(`${label} at 320 px scrolls sideways: ${overflow.join('; ')}`);
    return reports;
  }

  async function withHistory(s: GuardedSession, tag: string): Promise<{ session: ApiSession; detail: ProductDetailPage }> {
    const session = await signedInUser(s, tag);
    const product = await createProductApi(session, { name: 'Well-Used Workbench Vise with a Long Name', price: 149.99, quantity: 20 });
    await adjustStockApi(session, product.id, { delta: -4, note: 'Sold at the spring fair to a returning customer' });
    await adjustStockApi(session, product.id, { delta: 10, reason: 'RETURN' });
    await adjustStockApi(session, product.id, { delta: -1, reason: 'DAMAGE', note: 'Jaw cracked in transit' });
    const detail = new ProductDetailPage(s.page);
    await detail.goto(product.id);
    await detail.movements.nth(3).waitFor();
    await waitForChart(detail);
    return { session, detail };
  }

  for (const theme of ['light', 'dark'] as const) {
    it(`the detail page with history and each dialog open has no axe violations at 1280 and 375 px (${theme})`, async () => {
      const s = b.session();
      await s.page.emulateMedia({ colorScheme: theme });
      const { detail } = await withHistory(s, `axe-${theme}`);
      if (theme === 'dark') await s.page.waitForFunction(() => document.body.classList.contains('bp6-dark'));

      const reports = await checkScreen(s, `detail-history-${theme}`, async () => {
        await detail.history.waitFor();
        await waitForChart(detail);
      });

      await detail.adjustStock.click();
      reports.push(
        ...(await checkScreen(s, `adjust-dialog-${theme}`, async () => {
          await detail.adjustDialog.waitFor();
        })),
      );
      // The dialog with the server's refusal shown.
      await s.page.setViewportSize(DESKTOP);
      await detail.adjust(-500);
      await waitForExactText(detail.stockError, ProductMessages.insufficientStock);
      // The refusal's toast times out part-way through the checks; the field message is the state under test, so the toast goes first.
      // It can come after the field message (the toaster's code loads with the first toast), so it is waited for before it is waited out.
      const refusalToast = s.page.locator('.bp6-toast').filter({ hasText: ProductMessages.insufficientStock });
      await refusalToast.waitFor();
      await refusalToast.waitFor({ state: 'detached' });
      reports.push(...(await checkScreen(s, `adjust-dialog-refused-${theme}`, () => detail.stockError.waitFor())));
      await detail.adjustDialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await detail.adjustDialog.waitFor({ state: 'hidden' });

      await detail.countStock.click();
      reports.push(
        ...(await checkScreen(s, `count-dialog-${theme}`, async () => {
          await detail.countDialog.waitFor();
        })),
      );
      expect(reports).toEqual([]);
      s.assertClean();
      // Four screens at two widths, each with axe, and a toast to wait out: as long as the accessibility spec's checks, and given as long.
    }, 150_000);
  }

  it('at 375 px the stock buttons, the dialogs and the history fit the screen with touch targets of at least 44 px', async () => {
    const s = await b.open(b.browser(), { viewport: MOBILE, isMobile: true, hasTouch: true });
    const { detail } = await withHistory(s, 'phone');
    expect(await smallTargets(s.page, '.stock-adjuster, .stock-history')).toEqual([]);
    expect(await sidewaysOverflow(s.page)).toEqual([]);

    await detail.adjustStock.tap();
    await detail.adjustDialog.waitFor();
    await settled(s.page);
    expect(await smallTargets(s.page, '.stock-dialog')).toEqual([]);
    expect(await sidewaysOverflow(s.page)).toEqual([]);
    await detail.takeOut.tap();
    await detail.amount.fill('2');
    await detail.saveAdjustment.tap();
    await detail.adjustDialog.waitFor({ state: 'hidden' });
    await waitForRows(detail, [{ reason: 'Sale', delta: `${MINUS}2`, after: '23 in stock' }]);

    await detail.countStock.tap();
    await detail.countDialog.waitFor();
    await settled(s.page);
    expect(await smallTargets(s.page, '.stock-dialog')).toEqual([]);
    await saveScreenshot(s.page, 'stock-history', 'count-dialog-phone-375');
    s.assertClean();
  });
});
