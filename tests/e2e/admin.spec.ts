import { AuthMessages, UserMessages } from '@stockroom/schema';
import { useBrowser } from './support/browser';
import { createUser, signInApi, signedInUser } from './support/api';
import { e2eEnv } from './support/env';
import { signedInAdmin } from './support/promote-user';
import { AdminPage } from './pages/AdminPage';
import { AppShell, toastLocator } from './pages/AppShell';

describe('admin', () => {
  const b = useBrowser();

  it('a member at /admin gets the access-denied state, no statistics, and no Admin nav item', async () => {
    const s = b.session();
    await signedInUser(s, 'member');
    const shell = new AppShell(s.page);
    const admin = new AdminPage(s.page);
    // The page asks the server, which refuses: its answer is what the member sees.
    const refused = s.page.waitForResponse(
      async (res) => res.url().endsWith('/graphql') && (await res.text()).includes('"FORBIDDEN"'),
    );
    await admin.goto();
    await refused;
    await admin.accessDenied.waitFor();
    expect(await admin.statistics.count()).toBe(0);
    expect(await admin.users.count()).toBe(0);
    expect(await shell.header.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
    expect(await shell.sideNavLink('Admin').count()).toBe(0);
    await shell.sideNavLink('Dashboard').waitFor();
    s.assertClean();
  });

  it('an admin sees the statistics and the users, finds one by search and deactivates them', async () => {
    const s = b.session();
    const me = await signedInAdmin(s);
    const target = await createUser('target');
    const targetSession = await signInApi(target);

    const shell = new AppShell(s.page);
    const admin = new AdminPage(s.page);
    await admin.goto();
    await admin.statistics.waitFor();
    await shell.header.getByRole('link', { name: 'Admin', exact: true }).waitFor();
    await shell.sideNavLink('Admin').waitFor();
    expect(Number(await admin.stat('Total Users').innerText())).toBeGreaterThanOrEqual(2);
    expect(Number(await admin.stat('Admins').innerText())).toBeGreaterThanOrEqual(1);
    const inactiveBefore = Number(await admin.stat('Inactive').innerText());

    // Your own row has no role or status actions.
    await admin.search.fill(me.email);
    await admin.row(me.email).waitFor();
    expect(await admin.row(me.email).getByRole('button').count()).toBe(0);

    await admin.search.fill(target.email);
    await admin.waitForSummary('Showing 1 of 1 users');
    await admin.row(target.email).waitFor();
    await admin.rowAction(target.email, 'Deactivate').click();
    await admin.confirmDialog.getByText(target.email, { exact: false }).waitFor();
    await admin.confirmDialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await toastLocator(s.page, UserMessages.deactivated).waitFor();
    await admin.row(target.email).getByText('Inactive', { exact: true }).waitFor();
    await admin.rowAction(target.email, 'Reactivate').waitFor();
    await s.page.waitForFunction(
      ([el, n]) => Number((el as HTMLElement).innerText) === n,
      [await admin.stat('Inactive').elementHandle(), inactiveBefore + 1] as const,
    );

    // The deactivated account is signed out and cannot sign in.
    const res = await fetch(`${e2eEnv().baseUrl}/api/users/profile/me`, { headers: { authorization: `Bearer ${targetSession.accessToken}` } });
    expect(res.status).toBe(401);
    await expect(signInApi(target)).rejects.toThrow(AuthMessages.accountInactive);
    s.assertClean();
  });

  it('an admin makes a member an admin and back', async () => {
    const s = b.session();
    await signedInAdmin(s);
    const target = await createUser('role');

    const admin = new AdminPage(s.page);
    await s.page.goto(`/admin?search=${encodeURIComponent(target.email)}`);
    await admin.row(target.email).waitFor();
    await admin.rowAction(target.email, 'Make admin').click();
    await admin.row(target.email).getByText('Admin', { exact: true }).waitFor();
    await admin.rowAction(target.email, 'Make member').click();
    await admin.row(target.email).getByText('Member', { exact: true }).waitFor();
    await admin.rowAction(target.email, 'Make admin').waitFor();
    s.assertClean();
  });
});
