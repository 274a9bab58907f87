import type { Page } from 'playwright-core';
import { createProductsApi, createUser, createUserWithSession, signedInUser, type ApiSession } from './support/api';
import { axeViolations, formatAxeFindings, type AxeFinding } from './support/axe';
import { saveScreenshot } from './support/screen-checks';
import { DESKTOP, MOBILE, useBrowser, type GuardedSession } from './support/browser';
import { e2eEnv, NEW_PASSWORD } from './support/env';
import { waitForInvitationLink, waitForResetLink } from './support/mail';
import { signedInAdmin } from './support/promote-user';
import { addMemberSql, createWorkspaceApi, inviteApi } from './support/workspaces';
import { AdminPage } from './pages/AdminPage';
import { AppShell } from './pages/AppShell';
import { DashboardPage } from './pages/DashboardPage';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage';
import { InvitationPage } from './pages/InvitationPage';
import { MembersPage } from './pages/MembersPage';
import { ProductDetailPage } from './pages/ProductDetailPage';
import { ProductFormPage } from './pages/ProductFormPage';
import { ProductListPage } from './pages/ProductListPage';
import { ProfileEditPage } from './pages/ProfileEditPage';
import { SignInPage } from './pages/SignInPage';

type Width = { width: number; height: number };

/**
 * Waits until no finite animation or transition runs (a popover fading in, a
 * drawer sliding): axe measures colours as they are painted, and a half
 * faded-in text reads as low contrast. Spinners and skeletons loop forever and
 * are left out.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Checks the screen with axe at each width (desktop first, then phone), after
 * `ready` says the state under test is shown at that width, and fails once
 * with every finding of every width.
 */
async function expectAccessibleAt(
  s: GuardedSession,
  label: string,
  ready: (width: Width) => Promise<void>,
  widths: readonly Width[] = [DESKTOP, MOBILE],
): Promise<void> {
  const reports: string[] = [];
  for (const width of widths) {
    await s.page.setViewportSize(width);
    await ready(width);
    await settled(s.page);
    // A reviewer can look at what axe looked at (outside CI).
    await saveScreenshot(s.page, 'accessibility', `${label.replace(/[^a-z0-9]+/gi, '-')}-${width.width}`);
    const findings = await axeViolations(s.page);
    if (findings.length > 0) reports.push(formatAxeFindings(`${label} at ${width.width} px`, findings));
  }
  if (reports.length > 0) throw new Error(reports.join('\n\n'));
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, level: 1 }).waitFor();

const PRODUCTS = [
  { name: 'Cordless Drill', price: 89.5, category: 'Tools', quantity: 12 },
  { name: 'Safety Goggles', price: 12.25, category: 'Safety', quantity: 0 },
  { name: 'Measuring Tape', price: 7.99, category: 'Tools', quantity: 40, featured: true },
];

async function withProducts(s: GuardedSession, tag: string): Promise<{ session: ApiSession; ids: string[] }> {
  const session = await signedInUser(s, tag);
  const created = await createProductsApi(session, PRODUCTS);
  return { session, ids: created.map((p) => p.id) };
}

describe('accessibility: axe finds nothing on any screen, at 1280 and 375 px', () => {
  const b = useBrowser();
  // axe reads the whole page twice per state (two widths): slower than the usual browser test on a busy machine.
  jest.setTimeout(150_000);

  describe('signed out', () => {
    it('home', async () => {
      const s = b.session();
      await s.page.goto('/');
      await expectAccessibleAt(s, 'home', () => heading(s.page, /./));
      s.assertClean();
    });

    it('sign-in, empty and with errors shown', async () => {
      const s = b.session();
      const signIn = new SignInPage(s.page);
      await signIn.goto();
      await expectAccessibleAt(s, 'sign-in', () => signIn.ready());
      await signIn.submit.click();
      await signIn.expectText(/required/i);
      await expectAccessibleAt(s, 'sign-in with errors', () => signIn.ready());
      s.assertClean();
    });

    it('sign-in after a wrong password', async () => {
      const s = b.session();
      s.allowConsoleError(/status of 401/);
      const user = await createUser('axe-wrong');
      const signIn = new SignInPage(s.page);
      await signIn.goto();
      await signIn.signIn(user.email, 'Wrong#Password1');
      await signIn.expectText('Invalid email or password');
      await expectAccessibleAt(s, 'sign-in refused', () => signIn.ready());
      s.assertClean();
    });

    it('sign-up, empty and with errors shown', async () => {
      const s = b.session();
      await s.page.goto('/auth/signup');
      const submit = s.page.getByRole('button', { name: /create account|sign up/i });
      await expectAccessibleAt(s, 'sign-up', () => submit.waitFor());
      await submit.click();
      await s.page.getByText(/required/i).first().waitFor();
      await expectAccessibleAt(s, 'sign-up with errors', () => submit.waitFor());
      s.assertClean();
    });

    it('forgot-password, before and after sending', async () => {
      const s = b.session();
      const forgot = new ForgotPasswordPage(s.page);
      await forgot.goto();
      await expectAccessibleAt(s, 'forgot-password', () => forgot.email.waitFor());
      await forgot.request(`nobody-${Date.now()}@example.com`);
      await expectAccessibleAt(s, 'forgot-password sent', () => forgot.backToSignIn.waitFor());
      s.assertClean();
    });

    it('reset-password: a valid link, an incomplete one and a used one', async () => {
      const s = b.session();
      s.allowConsoleError(/status of 400/);
      const user = await createUser('axe-reset');
      const res = await fetch(`${e2eEnv().baseUrl}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email }),
      });
      expect(res.status).toBe(200);
      const link = await waitForResetLink(e2eEnv().dataDir, user.email);
      const update = s.page.getByRole('button', { name: 'Update Password' });

      await s.page.goto(link);
      await expectAccessibleAt(s, 'reset-password (valid link)', () => update.waitFor());

      await s.page.goto('/auth/reset-password');
      await expectAccessibleAt(s, 'reset-password (incomplete link)', () => s.page.getByRole('alert').first().waitFor());

      const url = new URL(link);
      const used = await fetch(`${e2eEnv().baseUrl}/api/auth/reset-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: url.searchParams.get('email'), resetToken: url.searchParams.get('token'), newPassword: NEW_PASSWORD }),
      });
      expect(used.status).toBe(200);
      await s.page.goto(link);
      await s.page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await s.page.getByLabel('Confirm password', { exact: true }).fill(NEW_PASSWORD);
      await update.click();
      await s.page.getByRole('alert').first().waitFor();
      await expectAccessibleAt(s, 'reset-password (used link)', () => s.page.getByRole('alert').first().waitFor());
      s.assertClean();
    });

    it('verify-email with a link that does not work', async () => {
      const s = b.session();
      await s.page.goto('/auth/verify-email?token=not-a-real-token&email=nobody%40example.com');
      await expectAccessibleAt(s, 'verify-email (failed)', () => heading(s.page, /./));
      s.assertClean();
    });

    it('the check itself: a flaw put on a screen is found, and only inside the part asked about', async () => {
      const s = b.session();
      await s.page.goto('/404');
      await s.page.getByRole('link', { name: 'Go to Home' }).waitFor();
      await s.page.evaluate(() => {
        const flaw = document.createElement('div');
        flaw.id = 'flaw';
        flaw.innerHTML = '<img src="/favicon.svg"><p style="color:#eee;background:#fff">faint</p>';
        document.querySelector('main')!.append(flaw);
      });
      const ids = (findings: AxeFinding[]) => findings.map((f) => f.id).sort();
      expect(ids(await axeViolations(s.page))).toEqual(['color-contrast', 'image-alt']);
      expect(await axeViolations(s.page, { exclude: ['#flaw'] })).toEqual([]);
      expect(ids(await axeViolations(s.page, { include: '#flaw' }))).toEqual(['color-contrast', 'image-alt']);
      s.assertClean();
    });

    it("an invitation's page for a new address", async () => {
      const s = b.session();
      const { session } = await createUserWithSession('axe-inviter');
      const team = await createWorkspaceApi(session, 'Axe Stall');
      const email = `axe-invitee-${Date.now()}@example.com`;
      await inviteApi(session, team.id, email, 'EDITOR');
      const invitation = new InvitationPage(s.page);
      await invitation.open(await waitForInvitationLink(e2eEnv().dataDir, email));
      await expectAccessibleAt(s, 'invitation', () => invitation.createAccount.waitFor());
      s.assertClean();
    });

    it('404 page and help', async () => {
      const s = b.session();
      await s.page.goto('/404');
      await expectAccessibleAt(s, '404', () => s.page.getByRole('link', { name: 'Go to Home' }).waitFor());
      await s.page.goto('/help');
      await expectAccessibleAt(s, 'help (signed out)', () => heading(s.page, /./));
      s.assertClean();
    });
  });

  describe('signed in', () => {
    it('dashboard, with no products and with some', async () => {
      const s = b.session();
      const session = await signedInUser(s, 'axe-dash');
      const dashboard = new DashboardPage(s.page);
      await dashboard.goto();
      await expectAccessibleAt(s, 'dashboard (empty)', () => dashboard.ready());
      await createProductsApi(session, PRODUCTS);
      await dashboard.goto();
      await expectAccessibleAt(s, 'dashboard (with products)', async () => {
        await dashboard.ready();
        await dashboard.categoryChart.waitFor();
      });
      s.assertClean();
    });

    it('product list: empty', async () => {
      const s = b.session();
      await signedInUser(s, 'axe-list');
      const list = new ProductListPage(s.page);
      await list.goto();
      await expectAccessibleAt(s, 'product list (empty)', () => list.noProductsYet.waitFor());
      s.assertClean();
    });

    it('product list: with products, filtered and filtered to nothing', async () => {
      const s = b.session();
      const session = await signedInUser(s, 'axe-list-full');
      const list = new ProductListPage(s.page);
      await createProductsApi(session, PRODUCTS);
      await list.goto();
      await expectAccessibleAt(s, 'product list', async () => {
        await list.ready();
        await list.waitForSummary(3, 3);
      });
      await list.goto('?inStock=true&sortBy=price&sortOrder=asc');
      await expectAccessibleAt(s, 'product list (filtered)', async () => {
        await list.ready();
        await list.waitForSummary(2, 2);
      });
      await list.goto('?search=no-such-product');
      await expectAccessibleAt(s, 'product list (no match)', () => list.noMatch.waitFor());
      s.assertClean();
    });

    it('product detail, and its delete dialog open', async () => {
      const s = b.session();
      const { ids } = await withProducts(s, 'axe-detail');
      const detail = new ProductDetailPage(s.page);
      await detail.goto(ids[0]);
      await expectAccessibleAt(s, 'product detail', () => detail.ready());
      await detail.deleteProduct.click();
      await expectAccessibleAt(s, 'delete dialog', () => detail.confirmDialog.waitFor());
      s.assertClean();
    });

    it('product create, with validation errors shown', async () => {
      const s = b.session();
      await signedInUser(s, 'axe-form');
      const form = new ProductFormPage(s.page);
      await form.gotoNew();
      await expectAccessibleAt(s, 'product create', () => form.readyToCreate());
      await form.name.fill('');
      await form.price.fill('-3');
      await form.createButton.click();
      await form.waitForFocus(form.name);
      await expectAccessibleAt(s, 'product create with errors', () => form.createButton.waitFor());
      s.assertClean();
    });

    it('product edit, with validation errors shown', async () => {
      const s = b.session();
      const { ids } = await withProducts(s, 'axe-form-edit');
      const form = new ProductFormPage(s.page);
      await form.gotoEdit(ids[1]);
      await expectAccessibleAt(s, 'product edit', () => form.readyToEdit());
      await form.name.fill('');
      await form.updateButton.click();
      await form.waitForFocus(form.name);
      await expectAccessibleAt(s, 'product edit with errors', () => form.updateButton.waitFor());
      s.assertClean();
    });

    it('profile, profile edit and change password with errors', async () => {
      const s = b.session();
      await signedInUser(s, 'axe-profile');
      await s.page.goto('/profile');
      await expectAccessibleAt(s, 'profile', () => heading(s.page, /./));
      const edit = new ProfileEditPage(s.page);
      await edit.goto();
      await expectAccessibleAt(s, 'profile edit', () => edit.ready());
      await edit.changePasswordButton.click();
      await edit.password.getByText(/required/i).first().waitFor();
      await expectAccessibleAt(s, 'change password with errors', () => edit.changePasswordButton.waitFor());
      s.assertClean();
    });

    it('admin page, as an admin, with its deactivate dialog open', async () => {
      const s = b.session();
      await createUser('axe-member');
      await signedInAdmin(s, 'axe-admin');
      const admin = new AdminPage(s.page);
      await admin.goto();
      await expectAccessibleAt(s, 'admin', async () => {
        await admin.heading.waitFor();
        await admin.users.waitFor();
      });
      await s.page.setViewportSize(DESKTOP);
      await admin.users.getByRole('button', { name: /^Deactivate/ }).first().click();
      await expectAccessibleAt(s, 'deactivate dialog', () => admin.confirmDialog.waitFor());
      s.assertClean();
    });

    it('help, signed in', async () => {
      const s = b.session();
      await signedInUser(s, 'axe-help');
      await s.page.goto('/help');
      await expectAccessibleAt(s, 'help (signed in)', () => heading(s.page, /./));
      s.assertClean();
    });

    it('members page with a member and a pending invitation, and the workspace menu open', async () => {
      const s = b.session();
      const session = await signedInUser(s, 'axe-members');
      const teammate = await createUser('axe-teammate');
      const team = await createWorkspaceApi(session, 'Axe Corner');
      await addMemberSql(team.id, teammate.email, 'EDITOR');
      await inviteApi(session, team.id, `axe-invited-${Date.now()}@example.com`, 'VIEWER');
      const members = new MembersPage(s.page);
      await members.open(team.id, team.name);
      await expectAccessibleAt(s, 'members', async () => {
        await members.member(teammate.email.toLowerCase()).waitFor();
        await members.pendingInvitations.waitFor();
      });
      const newWorkspace = s.page.getByRole('menuitem', { name: 'New workspace…' });
      await expectAccessibleAt(s, 'workspace menu open', async () => {
        if (!(await newWorkspace.isVisible())) await s.page.getByRole('banner').getByRole('button', { name: /^Workspace:/ }).click();
        await newWorkspace.waitFor();
      });
      s.assertClean();
    });

    it('the user menu open', async () => {
      const s = b.session();
      await signedInUser(s, 'axe-menu');
      const shell = new AppShell(s.page);
      await s.page.goto('/dashboard');
      await expectAccessibleAt(s, 'user menu open', async () => {
        if (!(await s.page.getByRole('menuitem', { name: 'Sign Out' }).isVisible())) await shell.openUserMenu();
      });
      s.assertClean();
    });

    it('the navigation drawer open on a phone', async () => {
      const s = b.session();
      await signedInUser(s, 'axe-drawer');
      const shell = new AppShell(s.page);
      await s.page.setViewportSize(MOBILE);
      // Until the client has drawn over the build-time shell, the shell's menu button does nothing:
      // wait for the dashboard's own data before tapping it.
      await new DashboardPage(s.page).goto();
      await expectAccessibleAt(
        s,
        'navigation drawer open',
        async () => {
          await shell.menuButton.click();
          await shell.sideNav.waitFor();
        },
        [MOBILE],
      );
      s.assertClean();
    });
  });

  describe('the theme switch in the user menu', () => {
    const isDark = (page: Page) => page.evaluate(() => document.body.classList.contains('bp6-dark'));
    const choose = async (shell: AppShell, page: Page, name: 'System' | 'Light' | 'Dark') => {
      const stored = name === 'System' ? null : name.toLowerCase();
      // A click that lands while the menu is still opening can miss on a loaded machine: the remembered choice says whether it took.
      for (let attempt = 1; ; attempt++) {
        if (!(await page.getByRole('menuitemradio', { name }).isVisible())) await shell.openUserMenu();
        await page.getByRole('menuitemradio', { name }).click();
        const took = await page
          .waitForFunction((value) => localStorage.getItem('stockroom_theme') === value, stored, { timeout: 5000 })
          .then(() => true, () => false);
        if (took || attempt === 3) break;
      }
      if (!(await page.getByRole('menuitemradio', { name }).isVisible())) await shell.openUserMenu();
      await page.getByRole('menuitemradio', { name, checked: true }).waitFor();
    };

    it('follows the system by default; Dark and Light win over it and are remembered; System follows it again', async () => {
      const s = b.session();
      await signedInUser(s, 'axe-theme');
      const shell = new AppShell(s.page);
      await s.page.emulateMedia({ colorScheme: 'light' });
      await new DashboardPage(s.page).goto();
      expect(await isDark(s.page)).toBe(false);
      await s.page.emulateMedia({ colorScheme: 'dark' });
      await s.page.waitForFunction(() => document.body.classList.contains('bp6-dark'));

      await choose(shell, s.page, 'Light');
      expect(await isDark(s.page)).toBe(false);
      expect(await s.page.evaluate(() => localStorage.getItem('stockroom_theme'))).toBe('light');
      await s.page.reload();
      await new DashboardPage(s.page).ready();
      expect(await isDark(s.page)).toBe(false);

      await s.page.emulateMedia({ colorScheme: 'light' });
      await choose(shell, s.page, 'Dark');
      // The dark theme's stylesheet loads first (it is not in this page yet): the page turns dark once it has.
      await s.page.waitForFunction(() => document.body.classList.contains('bp6-dark'));
      // The menu itself is a portal on <body>: dark too.
      const menuBackground = await s.page
        .getByRole('menu', { name: 'User menu' })
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(menuBackground).not.toBe('rgb(255, 255, 255)');
      await s.page.reload();
      await new DashboardPage(s.page).ready();
      await s.page.waitForFunction(() => document.body.classList.contains('bp6-dark'));

      await choose(shell, s.page, 'System');
      expect(await isDark(s.page)).toBe(false);
      expect(await s.page.evaluate(() => localStorage.getItem('stockroom_theme'))).toBeNull();
      s.assertClean();
    });
  });

  describe('dark theme (the system asks for dark)', () => {
    it('home, sign-in and 404', async () => {
      const s = b.session();
      await s.page.emulateMedia({ colorScheme: 'dark' });
      await s.page.goto('/');
      await expectAccessibleAt(s, 'home (dark)', () => heading(s.page, /./));
      const signIn = new SignInPage(s.page);
      await signIn.goto();
      await signIn.submit.click();
      await signIn.expectText(/required/i);
      await expectAccessibleAt(s, 'sign-in with errors (dark)', () => signIn.ready());
      await s.page.goto('/404');
      await expectAccessibleAt(s, '404 (dark)', () => s.page.getByRole('link', { name: 'Go to Home' }).waitFor());
      s.assertClean();
    });

    it('dashboard and product list', async () => {
      const s = b.session();
      await s.page.emulateMedia({ colorScheme: 'dark' });
      await withProducts(s, 'axe-dark');
      const dashboard = new DashboardPage(s.page);
      await dashboard.goto();
      await expectAccessibleAt(s, 'dashboard (dark)', async () => {
        await dashboard.ready();
        await dashboard.categoryChart.waitFor();
      });
      const list = new ProductListPage(s.page);
      await list.goto();
      await expectAccessibleAt(s, 'product list (dark)', () => list.waitForSummary(3, 3));
      s.assertClean();
    });

    it('product detail with the delete dialog open', async () => {
      const s = b.session();
      await s.page.emulateMedia({ colorScheme: 'dark' });
      const { ids } = await withProducts(s, 'axe-dark-detail');
      const detail = new ProductDetailPage(s.page);
      await detail.goto(ids[0]);
      await expectAccessibleAt(s, 'product detail (dark)', () => detail.ready());
      await detail.deleteProduct.click();
      await expectAccessibleAt(s, 'delete dialog (dark)', () => detail.confirmDialog.waitFor());
      s.assertClean();
    });

    it('product form with errors, and the user menu open', async () => {
      const s = b.session();
      await s.page.emulateMedia({ colorScheme: 'dark' });
      await signedInUser(s, 'axe-dark-form');
      const form = new ProductFormPage(s.page);
      await form.gotoNew();
      await form.name.fill('');
      await form.createButton.click();
      await form.waitForFocus(form.name);
      await expectAccessibleAt(s, 'product create with errors (dark)', () => form.createButton.waitFor());
      const shell = new AppShell(s.page);
      await expectAccessibleAt(s, 'user menu open (dark)', async () => {
        if (!(await s.page.getByRole('menuitem', { name: 'Sign Out' }).isVisible())) await shell.openUserMenu();
      });
      s.assertClean();
    });

    it('profile edit and the admin page', async () => {
      const s = b.session();
      await s.page.emulateMedia({ colorScheme: 'dark' });
      await signedInAdmin(s, 'axe-dark-admin');
      const edit = new ProfileEditPage(s.page);
      await edit.goto();
      await expectAccessibleAt(s, 'profile edit (dark)', () => edit.ready());
      const admin = new AdminPage(s.page);
      await admin.goto();
      await expectAccessibleAt(s, 'admin (dark)', async () => {
        await admin.heading.waitFor();
        await admin.users.waitFor();
      });
      s.assertClean();
    });
  });
});

/**
 * GraphiQL and Swagger UI are third-party pages the server hosts for
 * developers: their findings are printed for the record, not enforced here,
 * since their markup is not the app's to change.
 */
describe('accessibility of the hosted developer tools (listed, not enforced)', () => {
  const b = useBrowser();
  jest.setTimeout(150_000);

  it.each([
    ['GraphiQL', '/graphql', '.graphiql-container'],
    ['Swagger UI', '/api/docs', '.swagger-ui .info'],
  ])('%s loads and axe runs on it', async (name, path, ready) => {
    const s = b.session();
    s.allowConsoleError(/./);
    const res = await s.page.goto(path);
    expect(res?.status()).toBe(200);
    await s.page.locator(ready).first().waitFor({ timeout: 30_000 });
    await settled(s.page);
    const findings = await axeViolations(s.page);
    console.log(findings.length === 0 ? `${name}: no axe violations` : formatAxeFindings(name, findings));
  });
});
