import { InvitationMessages, WORKSPACE_ROLE_SUMMARIES } from '@stockroom/schema';
import { createUser, createUserWithSession, signedInUser, signInApi, type ApiSession } from './support/api';
import { useBrowser } from './support/browser';
import { e2eEnv } from './support/env';
import { waitForInvitationLink } from './support/mail';
import { createProductInWorkspace, createWorkspaceApi } from './support/workspaces';
import { checkAtEveryWidth, CLEAN_AT_EVERY_WIDTH, CHECKED_WIDTHS } from './support/no-violations';
import { saveScreenshot } from './support/screen-checks';
import { AppShell } from './pages/AppShell';
import { InvitationPage } from './pages/InvitationPage';
import { ProductListPage } from './pages/ProductListPage';
import { SignInPage } from './pages/SignInPage';
import type { Page } from 'playwright-core';

async function rest<T>(session: ApiSession, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${e2eEnv().baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** An owner's new workspace with an invitation of `email` as an editor; the mail's link and the ids to revoke it. */
async function invite(email: string, workspaceName: string) {
  const { user: owner, session } = await createUserWithSession('owner');
  const workspace = await createWorkspaceApi(session, workspaceName);
  const { invitation } = await rest<{ invitation: { id: string } }>(session, 'POST', `/api/workspaces/${workspace.id}/invitations`, { email, role: 'EDITOR' });
  const link = await waitForInvitationLink(e2eEnv().dataDir, email);
  return { owner, session, workspaceId: workspace.id, invitationId: invitation.id, link };
}

/** axe and sideways scroll at a phone's and a desk's width, with a screenshot of each for a reviewer. */
async function checkScreen(page: Page, name: string) {
  expect(await checkAtEveryWidth(page)).toEqual(CLEAN_AT_EVERY_WIDTH);
  for (const viewport of CHECKED_WIDTHS) {
    await page.setViewportSize(viewport);
    await saveScreenshot(page, 'invitations', `${name}-${viewport.width}`);
  }
}

describe('invitations', () => {
  const b = useBrowser();

  it('an existing account opens the link signed out, signs in, accepts and lands in the product list', async () => {
    const s = b.session();
    const invitee = await createUser('invitee');
    const { owner, session: ownerSession, workspaceId, link } = await invite(invitee.email, 'Corner Shop');
    await createProductInWorkspace(ownerSession, workspaceId, { name: 'Corner Shop Till Roll', sku: `INV-${Date.now()}`, price: 2 });
    const page = new InvitationPage(s.page);
    const signIn = new SignInPage(s.page);

    await page.open(link);
    await page.expectText(`${owner.fullName} invited you to Corner Shop as Editor.`);
    await page.expectText(WORKSPACE_ROLE_SUMMARIES.EDITOR);
    await page.expectText(invitee.email.toLowerCase());
    await checkScreen(s.page, 'signed-out');

    const invitationUrl = new URL(link).pathname;
    await page.signInToAccept.click();
    await signIn.ready();
    expect(new URL(s.page.url()).searchParams.get('returnUrl')).toBe(invitationUrl);
    await signIn.signIn(invitee.email, invitee.password);
    await page.waitForPath(invitationUrl);
    await page.accept.waitFor();
    await checkScreen(s.page, 'signed-in');

    await page.accept.click();
    const list = new ProductListPage(s.page);
    await new AppShell(s.page).waitForPath('/products');
    await list.heading.waitFor();
    // The list is the joined workspace's, not the invitee's own (empty) one.
    await list.waitForNames(['Corner Shop Till Roll']);
    await page.expectText('You joined Corner Shop');
    const { workspaces } = await rest<{ workspaces: { name: string; role: string }[] }>(
      await signInApi(invitee),
      'GET',
      '/api/workspaces',
    );
    expect(workspaces).toContainEqual(expect.objectContaining({ name: 'Corner Shop', role: 'EDITOR' }));
    s.assertClean();
  });

  it('a new address is sent to sign up with the invited address filled in', async () => {
    const s = b.session();
    const email = `invited-${Date.now()}@example.com`;
    const { link } = await invite(email, 'Pop-up Stall');
    const page = new InvitationPage(s.page);

    await page.open(link);
    await page.createAccount.click();
    await page.waitForPath('/auth/signup');
    const url = new URL(s.page.url());
    expect(url.searchParams.get('returnUrl')).toBe(new URL(link).pathname);
    const emailField = s.page.getByLabel('Email', { exact: true });
    await page.waitForLiveForms();
    await expect(emailField.inputValue()).resolves.toBe(email);
    s.assertClean();
  });

  it('another account sees that the invitation is for another address and may sign out', async () => {
    const s = b.session();
    await signedInUser(s, 'stranger');
    const { link } = await invite(`someone-${Date.now()}@example.com`, 'Back Office');
    const page = new InvitationPage(s.page);

    await page.open(link);
    await page.accept.click();
    await page.expectText(InvitationMessages.otherEmail);
    await checkScreen(s.page, 'other-account');

    await page.signOut.click();
    await new SignInPage(s.page).ready();
    expect(new URL(s.page.url()).searchParams.get('returnUrl')).toBe(new URL(link).pathname);
    s.assertClean();
  });

  it('a revoked or unknown invitation says it is no longer valid, with a way home', async () => {
    const s = b.session();
    const { session, workspaceId, invitationId, link } = await invite(`revoked-${Date.now()}@example.com`, 'Closed Shop');
    await rest(session, 'DELETE', `/api/workspaces/${workspaceId}/invitations/${invitationId}`);
    const page = new InvitationPage(s.page);

    await page.open(link);
    await page.noLongerValid.waitFor();
    await page.goHome.waitFor();
    await checkScreen(s.page, 'no-longer-valid');

    await page.open('/invitations/no-such-token');
    await page.noLongerValid.waitFor();
    s.assertClean();
  });
});
