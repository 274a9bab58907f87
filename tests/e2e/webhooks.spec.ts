import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebhookMessages } from '@stockroom/schema';
import { DESKTOP, MOBILE, useBrowser } from './support/browser';
import { axeLines } from './support/axe';
import { createUserWithSession, useSessionInBrowser } from './support/api';
import { animationsDone, saveScreenshot, sidewaysOverflow } from './support/screen-checks';
import { toastLocator } from './pages/AppShell';
import { WebhooksSection } from './pages/WebhooksSection';

/**
 * Webhooks in the profile (issue 15): a webhook is created, its signing
 * secret shown once and copied, a test event sent to a receiver on this
 * machine shows in the delivery log, and the webhook is deleted after a
 * confirmation. At 375 and 1280 px, axe clean, with screenshots.
 */
/**
 * After the first toast the checks cover the card (and the dialog): the
 * toaster's landmark is named "Notifications", as the Notifications card is,
 * which axe reports page-wide (landmark-unique) whatever this card does.
 */
const CARD = { include: '[aria-labelledby="profile-webhooks-title"]' };

describe('profile: webhooks', () => {
  const b = useBrowser({ sessionPerTest: false });
  let receiver: Server;
  let base: string;
  const received: Array<{ url: string; body: string }> = [];

  beforeAll(async () => {
    receiver = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ url: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it.each([
    ['375', MOBILE],
    ['1280', DESKTOP],
  ])('at %s px: create a webhook, see its secret once, send a test event and find it in the log, delete it', async (width, viewport) => {
    const mobile = viewport === MOBILE;
    const s = await b.open(b.browser(), { viewport, isMobile: mobile, hasTouch: mobile, permissions: ['clipboard-read', 'clipboard-write'] });
    const { session } = await createUserWithSession(`webhooks-${width}`);
    await useSessionInBrowser(s.context, session);

    const webhooks = new WebhooksSection(s.page);
    await webhooks.goto();
    await webhooks.empty.waitFor();
    expect(await sidewaysOverflow(s.page)).toEqual([]);
    expect(await axeLines(s.page)).toEqual([]);

    const url = `${base}/hooks/${width}`;
    await webhooks.create(url, ['product.created']);
    await toastLocator(s.page, WebhookMessages.created).waitFor();
    await webhooks.secret.waitFor();
    const secret = await webhooks.secret.inputValue();
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    await webhooks.copyButton.click();
    await webhooks.copied.waitFor();
    expect(await s.page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const item = webhooks.item(url);
    await item.waitFor();
    expect(await item.innerText()).toContain('product.created, stock.low, stock.out');
    expect(await sidewaysOverflow(s.page)).toEqual([]);
    expect(await axeLines(s.page, CARD)).toEqual([]);
    await saveScreenshot(s.page, width, 'webhooks-created');

    // Shown once: gone when dismissed, and not on the page after a reload.
    await webhooks.doneButton.click();
    await webhooks.secret.waitFor({ state: 'hidden' });
    await s.page.reload();
    await item.waitFor();
    expect(await s.page.content()).not.toContain(secret);

    await item.getByRole('button', { name: 'Send test event', exact: true }).click();
    await toastLocator(s.page, WebhookMessages.testSent).waitFor();
    const log = item.getByRole('list', { name: 'Deliveries' });
    await log.getByText('webhook.test', { exact: true }).waitFor({ timeout: 20_000 });
    const entry = await log.getByRole('listitem').first().innerText();
    expect(entry).toContain('200');
    expect(entry).toMatch(/\d+ ms · attempt 1/);
    expect(received.some((r) => r.url === `/hooks/${width}` && JSON.parse(r.body).type === 'webhook.test')).toBe(true);
    expect(await sidewaysOverflow(s.page)).toEqual([]);
    expect(await axeLines(s.page, CARD)).toEqual([]);
    await saveScreenshot(s.page, width, 'webhooks-log');

    await item.getByRole('button', { name: `Delete ${url}`, exact: true }).click();
    await webhooks.confirmDialog.waitFor();
    await animationsDone(s.page);
    expect(await axeLines(s.page, { include: '[role="alertdialog"]' })).toEqual([]);
    await webhooks.confirmDialog.getByRole('button', { name: 'Delete Webhook', exact: true }).click();
    await webhooks.confirmDialog.waitFor({ state: 'hidden' });
    await toastLocator(s.page, WebhookMessages.deleted).waitFor();
    await webhooks.empty.waitFor();
    s.assertClean();
  });
});
