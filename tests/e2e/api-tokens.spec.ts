import { ApiTokenMessages } from '@stockroom/schema';
import { DESKTOP, MOBILE, useBrowser } from './support/browser';
import { axeLines } from './support/axe';
import { createUserWithSession, useSessionInBrowser } from './support/api';
import { e2eEnv } from './support/env';
import { animationsDone, saveScreenshot, sidewaysOverflow } from './support/screen-checks';
import { toastLocator } from './pages/AppShell';
import { ApiTokensSection } from './pages/ApiTokensSection';

/**
 * API tokens in the profile (issue 15): a token is created, its secret shown
 * once and copied, the list shows it, and it is revoked after a
 * confirmation; the secret works against the API until then. At 375 and
 * 1280 px, axe clean, with screenshots of each step.
 */
describe('profile: API tokens', () => {
  const b = useBrowser({ sessionPerTest: false });

  const productsWith = (token: string) => fetch(`${e2eEnv().baseUrl}/api/products`, { headers: { authorization: `Bearer ${token}` } });

  it.each([
    ['375', MOBILE],
    ['1280', DESKTOP],
  ])('at %s px: create a token, see and copy it once, find it in the list, revoke it', async (width, viewport) => {
    const mobile = viewport === MOBILE;
    const s = await b.open(b.browser(), { viewport, isMobile: mobile, hasTouch: mobile, permissions: ['clipboard-read', 'clipboard-write'] });
    const { session } = await createUserWithSession(`tokens-${width}`);
    await useSessionInBrowser(s.context, session);

    const tokens = new ApiTokensSection(s.page);
    await tokens.goto();
    await tokens.empty.waitFor();
    await tokens.region.getByText(ApiTokenMessages.passwordChangeNote, { exact: false }).waitFor();
    expect(await sidewaysOverflow(s.page)).toEqual([]);
    expect(await axeLines(s.page)).toEqual([]);
    await saveScreenshot(s.page, width, 'api-tokens-empty');

    await tokens.create('Shop sync', 'write', '90 days');
    await toastLocator(s.page, ApiTokenMessages.created).waitFor();
    await tokens.newToken.waitFor();
    const secret = await tokens.newToken.inputValue();
    expect(secret).toMatch(/^stk_[A-Za-z0-9_-]{43}$/);
    await tokens.copyButton.click();
    await tokens.copied.waitFor();
    expect(await s.page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    const item = tokens.item('Shop sync');
    await item.waitFor();
    const text = await item.innerText();
    expect(text).toContain(secret.slice(0, 10));
    expect(text).not.toContain(secret);
    expect(text).toContain('Read and write');
    expect(text).toContain('Active');
    expect(await sidewaysOverflow(s.page)).toEqual([]);
    const copyBox = await tokens.copyButton.boundingBox();
    expect(copyBox!.x + copyBox!.width).toBeLessThanOrEqual(viewport.width);
    expect(await axeLines(s.page)).toEqual([]);
    await saveScreenshot(s.page, width, 'api-tokens-created');

    // The secret works against the API, and is shown no more once dismissed or after a reload.
    expect((await productsWith(secret)).status).toBe(200);
    await tokens.doneButton.click();
    await tokens.newToken.waitFor({ state: 'hidden' });
    await s.page.reload();
    await item.waitFor();
    expect(await s.page.content()).not.toContain(secret);
    // A token's use reaches the list with the next write of the request counts (every API_RATE_FLUSH_MS, 1 s by default).
    const usedBy = Date.now() + 10_000;
    await item.getByText('Last used', { exact: true }).waitFor();
    while (/Last used\s*Never/.test(await item.innerText()) && Date.now() < usedBy) {
      await s.page.reload();
      await item.getByText('Last used', { exact: true }).waitFor();
    }
    expect(await item.innerText()).not.toMatch(/Last used\s*Never/);

    await item.getByRole('button', { name: 'Revoke Shop sync', exact: true }).click();
    await tokens.confirmDialog.waitFor();
    await animationsDone(s.page);
    expect(await axeLines(s.page)).toEqual([]);
    await saveScreenshot(s.page, width, 'api-tokens-revoke-confirm');
    await tokens.confirmDialog.getByRole('button', { name: 'Revoke Token', exact: true }).click();
    await tokens.confirmDialog.waitFor({ state: 'hidden' });
    await toastLocator(s.page, ApiTokenMessages.revoked).waitFor();
    await tokens.empty.waitFor();
    expect((await productsWith(secret)).status).toBe(401);
    s.assertClean();
  });
});
