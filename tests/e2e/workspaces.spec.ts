import { useBrowser } from './support/browser';
import { createUserWithSession, createProductApi, currentUserApi, useSessionInBrowser } from './support/api';
import { checkAtEveryWidth, CLEAN_AT_EVERY_WIDTH } from './support/no-violations';
import { saveScreenshot } from './support/screen-checks';
import { generateSync } from 'otplib';
import { addMemberSql, createProductInWorkspace, createWorkspaceApi, deleteWorkspaceApi, requireSecondFactorApi, turnOnTotpApi } from './support/workspaces';
import { DESKTOP, MOBILE } from './support/browser';
import type { Page, Route } from 'playwright-core';
import { WORKSPACE_HEADER } from '@stockroom/schema';
import { settledBox } from './pages/AppShell';

const workspaceButton = (page: Page, role?: string) =>
  page.getByRole('banner').getByRole('button', { name: role ? new RegExp(`^Workspace: .*${role}`) : /^Workspace:/ });

/**
 * Switches workspace from the header's menu as the owner of the current one, each click once its
 * target holds still: a header still laying out (a name arriving) moves the menu, and a click aimed
 * at a moving item misses it.
 */
async function chooseWorkspace(page: Page, name: RegExp): Promise<void> {
  const button = workspaceButton(page, 'OWNER');
  await settledBox(button);
  await button.click();
  const item = page.getByRole('menuitemradio', { name });
  await settledBox(page.getByRole('menu').filter({ has: item }));
  await item.click();
}

describe('workspaces', () => {
  const b = useBrowser();

  it('switching workspace shows that workspace’s products only, and the switch is remembered', async () => {
    const s = b.session();
    const { user, session } = await createUserWithSession('switcher');
    await useSessionInBrowser(s.context, session);
    const team = await createWorkspaceApi(session, `Team of ${user.firstName}`);
    await createProductApi(session, { name: 'Personal lamp', price: 10 });
    await createProductInWorkspace(session, team.id, { name: 'Team ladder', price: 20 });

    await s.page.goto('/products');
    await s.page.getByRole('link', { name: 'Personal lamp' }).first().waitFor();
    await chooseWorkspace(s.page, new RegExp(team.name));

    await s.page.getByRole('link', { name: 'Team ladder' }).first().waitFor();
    expect(await s.page.getByRole('link', { name: 'Personal lamp' }).count()).toBe(0);
    expect(new URL(s.page.url()).pathname).toBe('/products');
    await workspaceButton(s.page).filter({ hasText: team.name }).waitFor();

    await s.page.reload();
    await s.page.getByRole('link', { name: 'Team ladder' }).first().waitFor();
    expect(await s.page.getByRole('link', { name: 'Personal lamp' }).count()).toBe(0);
    s.assertClean();
  });

  it('switching while the first list is still coming shows the chosen workspace, not the first answer', async () => {
    const s = b.session();
    const { user, session } = await createUserWithSession('midload');
    await useSessionInBrowser(s.context, session);
    const team = await createWorkspaceApi(session, `Midload of ${user.firstName}`);
    await createProductApi(session, { name: 'Personal pot', price: 10 });
    await createProductInWorkspace(session, team.id, { name: 'Team tub', price: 20 });
    // The personal workspace's first list is held until the team's is asked for, so the switch lands while it is in flight.
    const held: Route[] = [];
    let switched = false;
    await s.page.route('**/graphql', async (route) => {
      const request = route.request();
      const operation = (request.postDataJSON() as { operationName?: string } | null)?.operationName;
      if (request.headers()[WORKSPACE_HEADER.toLowerCase()] === team.id && !switched) {
        switched = true;
        for (const first of held.splice(0)) await first.continue().catch(() => undefined);
      }
      if (!switched && operation === 'ProductList') held.push(route);
      else await route.continue();
    });

    await s.page.goto('/products');
    await chooseWorkspace(s.page, new RegExp(team.name));
    await s.page.getByRole('link', { name: 'Team tub' }).first().waitFor();
    expect({ switched, personal: await s.page.getByRole('link', { name: 'Personal pot' }).count() }).toEqual({ switched: true, personal: 0 });
    s.assertClean();
  });

  it('a remembered workspace that was deleted falls back to the personal one', async () => {
    const s = b.session();
    const { user, session } = await createUserWithSession('fallback');
    await useSessionInBrowser(s.context, session);
    const team = await createWorkspaceApi(session, `Gone of ${user.firstName}`);
    await createProductApi(session, { name: 'Kept kettle', price: 5 });
    await createProductInWorkspace(session, team.id, { name: 'Doomed drill', price: 6 });

    await s.page.goto('/products');
    // This test is about the reload after the deletion; the switch starts from a list that has loaded.
    await s.page.getByRole('link', { name: 'Kept kettle' }).first().waitFor();
    await chooseWorkspace(s.page, new RegExp(team.name));
    await s.page.getByRole('link', { name: 'Doomed drill' }).first().waitFor();

    await deleteWorkspaceApi(session, team.id);
    await s.page.reload();
    await s.page.getByRole('link', { name: 'Kept kettle' }).first().waitFor();
    await workspaceButton(s.page).filter({ hasText: `${user.firstName}` }).waitFor();
    expect(await s.page.getByRole('link', { name: 'Doomed drill' }).count()).toBe(0);
    s.assertClean();
  });

  it('a teammate’s product link opens in its workspace, and a VIEWER is offered no edit, delete or stock buttons', async () => {
    const s = b.session();
    const owner = await createUserWithSession('linkowner');
    const viewer = await createUserWithSession('viewer');
    const team = await createWorkspaceApi(owner.session, 'Shop floor');
    const product = await createProductInWorkspace(owner.session, team.id, { name: 'Shared shelf', price: 30, quantity: 4 });
    await addMemberSql(team.id, viewer.user.email, 'VIEWER');
    await useSessionInBrowser(s.context, viewer.session);

    await s.page.goto(`/products/${product.id}?workspace=${team.id}`);
    await s.page.getByRole('heading', { name: 'Shared shelf', level: 1 }).waitFor();
    await workspaceButton(s.page, 'VIEWER').filter({ hasText: 'Shop floor' }).waitFor();
    await s.page.getByTestId('product-quantity-current').waitFor();
    for (const name of ['Edit Product', 'Delete Product', 'Adjust stock', 'Count stock']) {
      expect(await s.page.getByRole('main').getByRole('button', { name }).or(s.page.getByRole('main').getByRole('link', { name })).count()).toBe(0);
    }

    await s.page.goto('/products');
    await s.page.getByRole('link', { name: 'Shared shelf' }).first().waitFor();
    expect(await s.page.getByRole('link', { name: 'Add New Product' }).count()).toBe(0);
    expect(await s.page.getByRole('button', { name: /^(Edit|Delete) Shared shelf$/ }).count()).toBe(0);
    expect(await s.page.getByRole('link', { name: 'Edit Shared shelf' }).count()).toBe(0);
    expect(await s.page.getByRole('checkbox', { name: 'Select Shared shelf' }).count()).toBe(0);
    expect(await s.page.getByRole('button', { name: /Import/ }).count()).toBe(0);
    s.assertClean();
  });

  it('the Members page lists members and roles, lets the owner change a role, and is clean at 375 and 1280 px', async () => {
    const s = b.session();
    const owner = await createUserWithSession('membersowner');
    const editor = await createUserWithSession('memberseditor');
    const team = await createWorkspaceApi(owner.session, 'Corner shop');
    await addMemberSql(team.id, editor.user.email, 'EDITOR');
    const me = await currentUserApi(owner.session);
    await useSessionInBrowser(s.context, owner.session);

    await s.page.goto('/products');
    // The switch starts from a settled header: the owner's name arriving moves the menu's button, and a popover moving under the click misses it.
    await s.page.getByRole('button', { name: /^User menu for / }).filter({ hasText: owner.user.fullName }).waitFor();
    await chooseWorkspace(s.page, /Corner shop/);
    await workspaceButton(s.page).filter({ hasText: 'Corner shop' }).waitFor();
    await workspaceButton(s.page).click();
    await s.page.getByRole('menuitem', { name: 'Members' }).click();

    const main = s.page.getByRole('main');
    await main.getByRole('heading', { name: 'Members', level: 1 }).waitFor();
    await main.getByText(editor.user.email).waitFor();
    await main.getByText(me.email).waitFor();
    await main.getByText('A viewer who also records stock movements and counts').waitFor();
    await main.getByRole('button', { name: 'Delete workspace' }).waitFor();
    // The only owner is offered no Leave, which the server would refuse, but told how to hand over.
    await main.getByText('You are the only owner, so you cannot leave', { exact: false }).waitFor();
    expect(await main.getByRole('button', { name: 'Leave workspace' }).count()).toBe(0);

    expect(await checkAtEveryWidth(s.page, () => main.getByText(editor.user.email).waitFor())).toEqual(CLEAN_AT_EVERY_WIDTH);
    for (const viewport of [MOBILE, DESKTOP]) {
      await s.page.setViewportSize(viewport);
      await s.page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(s.page, 'workspaces', `members-${viewport.width}`);
    }
    // A toast would be checked half faded in: the role change comes after the checks.
    await main.getByRole('combobox', { name: `Role of ${editor.user.fullName}` }).selectOption('COUNTER');
    await s.page.getByText(`${editor.user.firstName} is now COUNTER`).waitFor();
    expect(await main.getByRole('combobox', { name: `Role of ${editor.user.fullName}` }).inputValue()).toBe('COUNTER');

    await s.page.setViewportSize(MOBILE);
    await workspaceButton(s.page).click();
    await s.page.getByRole('menuitem', { name: 'New workspace…' }).waitFor();
    await saveScreenshot(s.page, 'workspaces', 'menu-375');
    s.assertClean();
  });

  it('an owner requires two-factor from the Members page, once they have it themself', async () => {
    const s = b.session();
    const owner = await createUserWithSession('policyowner');
    const team = await createWorkspaceApi(owner.session, 'Careful shop');
    await useSessionInBrowser(s.context, owner.session);

    await s.page.goto(`/workspace/members?workspace=${team.id}`);
    const section = s.page.getByRole('region', { name: 'Two-factor authentication' });
    const toggle = section.getByRole('switch', { name: 'Require two-factor authentication' });
    // Without a factor of their own, turning it on would lock them out: the switch waits, and says where to set one up.
    await section.getByRole('link', { name: 'your profile' }).waitFor();
    expect(await toggle.isDisabled()).toBe(true);

    await turnOnTotpApi(owner.session);
    await s.page.reload();
    await section.getByRole('link', { name: 'your profile' }).waitFor({ state: 'detached' });
    // Blueprint draws the switch over its input: the label is what a person clicks.
    await section.getByText('Require two-factor authentication').click();
    await s.page.getByText('Members now need two-factor authentication').waitFor();
    expect(await toggle.isChecked()).toBe(true);
    await s.page.getByText('Members now need two-factor authentication').waitFor({ state: 'detached' });
    expect(await checkAtEveryWidth(s.page, () => toggle.waitFor())).toEqual(CLEAN_AT_EVERY_WIDTH);
    for (const viewport of [MOBILE, DESKTOP]) {
      await s.page.setViewportSize(viewport);
      await s.page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(s.page, 'workspaces', `second-factor-policy-${viewport.width}`);
    }
    // Kept: the next visit reads it from the server.
    await s.page.reload();
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);
    s.assertClean();
  });

  it('a member without two-factor is sent to set it up before entering a workspace that requires it, then gets in', async () => {
    const s = b.session();
    const owner = await createUserWithSession('strictowner');
    const member = await createUserWithSession('strictmember');
    const team = await createWorkspaceApi(owner.session, 'Strict shop');
    await createProductInWorkspace(owner.session, team.id, { name: 'Guarded gauge', price: 12 });
    await addMemberSql(team.id, member.user.email, 'EDITOR');
    await turnOnTotpApi(owner.session);
    await requireSecondFactorApi(owner.session, team.id);
    await useSessionInBrowser(s.context, member.session);

    await s.page.goto(`/products?workspace=${team.id}`);
    const main = s.page.getByRole('main');
    await main.getByRole('heading', { name: 'Two-factor authentication required', level: 1 }).waitFor();
    await main.getByText('Strict shop').waitFor();
    expect(await main.getByRole('link', { name: 'Guarded gauge' }).count()).toBe(0);
    expect(await checkAtEveryWidth(s.page, () => main.getByRole('heading', { name: 'Two-factor authentication required' }).waitFor())).toEqual(CLEAN_AT_EVERY_WIDTH);
    for (const viewport of [MOBILE, DESKTOP]) {
      await s.page.setViewportSize(viewport);
      await saveScreenshot(s.page, 'workspaces', `second-factor-required-${viewport.width}`);
    }

    // The link opens the profile, which stays open; setting up the factor there opens the workspace.
    await main.getByRole('link', { name: 'Set up two-factor authentication' }).click();
    const card = s.page.getByRole('region', { name: 'Two-factor authentication' });
    await card.getByRole('button', { name: 'Set Up Two-Factor Authentication' }).click();
    const secret = (await card.getByLabel('Setup key').textContent())!.trim();
    await card.getByLabel('Authentication code').fill(generateSync({ secret }));
    await card.getByRole('button', { name: 'Turn On' }).click();
    await card.getByRole('list', { name: 'Recovery codes' }).waitFor();

    await s.page.getByRole('link', { name: 'Products', exact: true }).first().click();
    await main.getByRole('link', { name: 'Guarded gauge' }).first().waitFor();
    expect(await main.getByRole('heading', { name: 'Two-factor authentication required' }).count()).toBe(0);
    s.assertClean();
  });

  it('the switcher marks a workspace that needs two-factor, leads to the page that says so, and the profile’s workspace cards explain it', async () => {
    const s = b.session();
    const owner = await createUserWithSession('markowner');
    const member = await createUserWithSession('markmember');
    const team = await createWorkspaceApi(owner.session, 'Guarded shop');
    const open = await createWorkspaceApi(owner.session, 'Open shop');
    await addMemberSql(team.id, member.user.email, 'EDITOR');
    await addMemberSql(open.id, member.user.email, 'VIEWER');
    await turnOnTotpApi(owner.session);
    await requireSecondFactorApi(owner.session, team.id);
    await useSessionInBrowser(s.context, member.session);

    await s.page.goto('/products');
    await workspaceButton(s.page, 'OWNER').click();
    const guarded = s.page.getByRole('menuitemradio', { name: /Guarded shop/ });
    await guarded.waitFor();
    // The mark is a shield for the eye and words for a screen reader; a workspace that lets the member in has none.
    expect(await guarded.textContent()).toContain('Needs two-factor authentication');
    expect(await guarded.locator('.workspace-menu__needs-factor').isVisible()).toBe(true);
    expect(await s.page.getByRole('menuitemradio', { name: /Open shop/ }).textContent()).not.toContain('two-factor');
    expect(await checkAtEveryWidth(s.page, () => guarded.waitFor())).toEqual(CLEAN_AT_EVERY_WIDTH);
    for (const viewport of [MOBILE, DESKTOP]) {
      await s.page.setViewportSize(viewport);
      await guarded.waitFor();
      await saveScreenshot(s.page, 'workspaces', `menu-needs-second-factor-${viewport.width}`);
    }

    await guarded.click();
    const main = s.page.getByRole('main');
    await main.getByRole('heading', { name: 'Two-factor authentication required', level: 1 }).waitFor();
    await main.getByText('Guarded shop').waitFor();
    expect(await s.page.getByRole('alert').count()).toBe(0);

    // The profile stays open; its cards of this workspace say why they are empty and where to go, not a load error.
    await main.getByRole('link', { name: 'Set up two-factor authentication' }).click();
    const tokens = s.page.getByRole('region', { name: 'API tokens' });
    await tokens.getByText('Two-factor authentication required by this workspace').waitFor();
    expect(await tokens.innerText()).not.toContain('Could not load');
    await s.page.getByRole('region', { name: 'Webhooks' }).getByText('Two-factor authentication required by this workspace').waitFor();
    expect(await tokens.getByRole('button', { name: 'Create Token' }).isDisabled()).toBe(true);
    expect(await checkAtEveryWidth(s.page, () => tokens.getByText('Two-factor authentication required by this workspace').waitFor())).toEqual(CLEAN_AT_EVERY_WIDTH);
    for (const viewport of [MOBILE, DESKTOP]) {
      await s.page.setViewportSize(viewport);
      await tokens.scrollIntoViewIfNeeded();
      await saveScreenshot(s.page, 'workspaces', `profile-cards-second-factor-${viewport.width}`);
    }
    await tokens.getByRole('link', { name: 'Two-factor authentication' }).click();
    await s.page.waitForURL((url) => url.hash === '#profile-two-factor-title');
    await s.page.getByRole('region', { name: 'Two-factor authentication' }).getByRole('button', { name: 'Set Up Two-Factor Authentication' }).waitFor();
    s.assertClean();
  });
});
