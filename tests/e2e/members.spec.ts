import { InvitationMessages, WORKSPACE_ROLE_SUMMARIES } from '@stockroom/schema';
import type { Page } from 'playwright-core';
import { createUser, createUserWithSession, signInApi, useSessionInBrowser } from './support/api';
import { DESKTOP, MOBILE, useBrowser } from './support/browser';
import { e2eEnv } from './support/env';
import { waitForInvitationLink } from './support/mail';
import { checkAtEveryWidth, CLEAN_AT_EVERY_WIDTH } from './support/no-violations';
import { saveScreenshot } from './support/screen-checks';
import { addMemberSql, createWorkspaceApi, listWorkspacesApi } from './support/workspaces';
import { toastButton, toastLocator } from './pages/AppShell';
import { DashboardPage } from './pages/DashboardPage';
import { InvitationPage } from './pages/InvitationPage';
import { MembersPage } from './pages/MembersPage';

/** The Members page's controls smaller than 44 px either way (touch targets on a phone). */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.members-page button, .members-page input, .members-page select')]
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ el, box }) => box.width > 0 && box.height > 0 && !el.closest('.visually-hidden') && (box.width < 44 || box.height < 44))
      .map(({ el, box }) => `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(box.width)}x${Math.round(box.height)}`),
  );
}

const workspaceButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Workspace:/ });

/** The Members page's invitations: invite, the mail and its link, resend, revoke, and who is offered them. */
describe('members page invitations', () => {
  const b = useBrowser();

  it('an owner invites an address as a counter; the mail comes, and its account accepts from the link', async () => {
    const s = b.session();
    const owner = await createUserWithSession('inviter');
    const invitee = await createUser('invited');
    const team = await createWorkspaceApi(owner.session, 'Harbour Shop');
    await useSessionInBrowser(s.context, owner.session);
    const members = new MembersPage(s.page);

    await members.open(team.id, team.name);
    // The chosen role says in one line what it may do.
    await members.inviteSection.getByText(WORKSPACE_ROLE_SUMMARIES.EDITOR).waitFor();
    await members.noPendingInvitations.waitFor();
    await members.invite(invitee.email, 'COUNTER');
    await toastLocator(s.page, `Invitation sent to ${invitee.email}`).waitFor();
    // Out of the way of the checks and screenshots below (the header's switcher among them).
    await toastButton(s.page, `Invitation sent to ${invitee.email}`, 'Close').click();
    await toastLocator(s.page, `Invitation sent to ${invitee.email}`).waitFor({ state: 'detached' });
    const pending = members.invitation(invitee.email.toLowerCase());
    await pending.getByText('COUNTER', { exact: true }).waitFor();
    await pending.getByText(/^Link expires /).waitFor();
    // The form starts afresh for the next address.
    await s.page.waitForFunction(() => (document.querySelector('form[aria-label="Invite a member"] input[type="email"]') as HTMLInputElement | null)?.value === '');

    expect(await checkAtEveryWidth(s.page, () => pending.waitFor())).toEqual(CLEAN_AT_EVERY_WIDTH);
    for (const viewport of [MOBILE, DESKTOP]) {
      await s.page.setViewportSize(viewport);
      await s.page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(s.page, 'workspaces', `members-invitations-${viewport.width}`);
    }
    await s.page.setViewportSize(MOBILE);
    expect(await smallTargets(s.page)).toEqual([]);

    const link = await waitForInvitationLink(e2eEnv().dataDir, invitee.email);
    const guest = await b.open(b.browser());
    await useSessionInBrowser(guest.context, await signInApi(invitee));
    const invitation = new InvitationPage(guest.page);
    await invitation.open(link);
    await invitation.accept.click();
    await invitation.waitForPath('/products');
    await workspaceButton(guest.page).filter({ hasText: team.name }).filter({ hasText: 'COUNTER' }).waitFor({ state: 'attached' });
    expect(await listWorkspacesApi(await signInApi(invitee))).toContainEqual(expect.objectContaining({ id: team.id, role: 'COUNTER' }));
    // Following the mailed link proved the address: the dashboard, opened without a reload, asks for no verification.
    await guest.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await guest.page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await new DashboardPage(guest.page).overview.waitFor();
    expect(await guest.page.getByText('Open it to verify your address.').count()).toBe(0);
    guest.assertClean();

    // Back on the owner's page: a member now, no longer pending.
    await s.page.reload();
    await members.member(invitee.email.toLowerCase()).waitFor();
    await members.noPendingInvitations.waitFor();
    s.assertClean();
  });

  it('an owner resends and then revokes an invitation; its link is then no longer valid', async () => {
    const s = b.session();
    const owner = await createUserWithSession('revoker');
    const email = `revoked-member-${Date.now()}@example.com`;
    const team = await createWorkspaceApi(owner.session, 'Quay Stall');
    await useSessionInBrowser(s.context, owner.session);
    const members = new MembersPage(s.page);

    await members.open(team.id, team.name);
    await members.invite(email, 'VIEWER');
    const first = await waitForInvitationLink(e2eEnv().dataDir, email);
    const pending = members.invitation(email);
    await pending.waitFor();

    await pending.getByRole('button', { name: `Resend the invitation to ${email}` }).click();
    await toastLocator(s.page, `Invitation sent again to ${email}`).waitFor();
    // A resend mails a new link; the first one stops working.
    const deadline = Date.now() + 15_000;
    let second = first;
    while (second === first && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      second = await waitForInvitationLink(e2eEnv().dataDir, email);
    }
    expect(second).not.toBe(first);

    await pending.getByRole('button', { name: `Revoke the invitation to ${email}` }).click();
    await s.page.getByRole('alertdialog', { name: 'Revoke invitation?' }).getByRole('button', { name: 'Revoke' }).click();
    await toastLocator(s.page, `Invitation to ${email} revoked`).waitFor();
    await members.noPendingInvitations.waitFor();

    const invitation = new InvitationPage(s.page);
    for (const link of [first, second]) {
      await invitation.open(link);
      await s.page.getByRole('heading', { name: InvitationMessages.noLongerValid, level: 1 }).waitFor();
    }
    s.assertClean();
  });

  it('offers no invitations below admin, and an admin no owner role', async () => {
    const s = b.session();
    const owner = await createUserWithSession('roles-owner');
    const editor = await createUserWithSession('roles-editor');
    const admin = await createUserWithSession('roles-admin');
    const team = await createWorkspaceApi(owner.session, 'Dock Office');
    await addMemberSql(team.id, editor.user.email, 'EDITOR');
    await addMemberSql(team.id, admin.user.email, 'ADMIN');

    await useSessionInBrowser(s.context, editor.session);
    const members = new MembersPage(s.page);
    await members.open(team.id, team.name);
    await members.member(owner.user.email.toLowerCase()).waitFor();
    expect(await members.inviteSection.count()).toBe(0);
    expect(await members.main.getByRole('combobox').count()).toBe(0);

    const asAdmin = await b.open(b.browser());
    await useSessionInBrowser(asAdmin.context, admin.session);
    const adminMembers = new MembersPage(asAdmin.page);
    await adminMembers.open(team.id, team.name);
    await adminMembers.inviteRole.waitFor();
    expect(await adminMembers.inviteRole.locator('option').allInnerTexts()).toEqual(['ADMIN', 'EDITOR', 'COUNTER', 'VIEWER']);
    asAdmin.assertClean();
    s.assertClean();
  });

  it('offers the only owner no Leave but says how to hand over; with a second owner Leave comes; a personal workspace offers none', async () => {
    const s = b.session();
    const owner = await createUserWithSession('only-owner');
    const editor = await createUserWithSession('next-owner');
    const team = await createWorkspaceApi(owner.session, 'Pier Kiosk');
    await addMemberSql(team.id, editor.user.email, 'EDITOR');
    await useSessionInBrowser(s.context, owner.session);
    const members = new MembersPage(s.page);

    await members.open(team.id, team.name);
    await members.member(editor.user.email.toLowerCase()).waitFor();
    await members.settings.getByRole('button', { name: 'Delete workspace' }).waitFor();
    expect(await members.leave.count()).toBe(0);
    await members.onlyOwnerNote.waitFor();

    expect(await checkAtEveryWidth(s.page, () => members.onlyOwnerNote.waitFor())).toEqual(CLEAN_AT_EVERY_WIDTH);
    for (const viewport of [MOBILE, DESKTOP]) {
      await s.page.setViewportSize(viewport);
      await s.page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(s.page, 'workspaces', `members-only-owner-${viewport.width}`);
    }
    await s.page.setViewportSize(MOBILE);
    expect(await smallTargets(s.page)).toEqual([]);

    // Another owner made, this one may go.
    await members.main.getByRole('combobox', { name: `Role of ${editor.user.fullName}` }).selectOption('OWNER');
    await members.leave.waitFor();
    expect(await members.onlyOwnerNote.count()).toBe(0);

    const personal = (await listWorkspacesApi(owner.session)).find((workspace) => workspace.personal)!;
    await members.open(personal.id, personal.name);
    await members.settings.getByRole('button', { name: 'Rename workspace' }).waitFor();
    expect(await members.leave.count()).toBe(0);
    expect(await members.onlyOwnerNote.count()).toBe(0);
    s.assertClean();
  });
});
