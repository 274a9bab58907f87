import { AuthMessages, UserMessages, ValidationMessages } from '@stockroom/schema';
import { DESKTOP, markDocument, MOBILE, sameDocument, useBrowser } from './support/browser';
import { waitForVerifyLinks } from './support/mail';
import { checkAtEveryWidth, CLEAN_AT_EVERY_WIDTH } from './support/no-violations';
import { saveScreenshot } from './support/screen-checks';
import { createUser, currentUserApi, signInApi, signedInUser, useSessionInBrowser } from './support/api';
import { e2eEnv, NEW_PASSWORD, PASSWORD } from './support/env';
import { AppShell, toastLocator } from './pages/AppShell';
import { ProfileEditPage } from './pages/ProfileEditPage';
import { png } from '../support/images';

describe('profile', () => {
  const b = useBrowser();

  it('shows the account at /profile, and Edit Profile and Cancel go between the two screens', async () => {
    const s = b.session();
    const session = await signedInUser(s, 'profileview');
    const me = await currentUserApi(session);
    await s.page.goto('/profile');
    const shell = new AppShell(s.page);
    await shell.waitForTitle('Profile - Stockroom');
    await shell.main.getByRole('definition').filter({ hasText: me.email }).waitFor();
    await shell.main.getByRole('link', { name: 'Edit Profile' }).click();

    const edit = new ProfileEditPage(s.page);
    await edit.ready();
    expect(await edit.email.inputValue()).toBe(me.email);
    await edit.firstName.fill('Changed');
    await edit.cancel.click();
    await shell.waitForPath('/profile');
    await shell.waitForTitle('Profile - Stockroom');
    // Nothing was saved.
    expect((await currentUserApi(session)).firstName).toBe(me.firstName);
    s.assertClean();
  });

  it('a new name shows in the header at once (name and initials), and stays after a reload', async () => {
    const s = b.session();
    await signedInUser(s, 'rename');
    const edit = new ProfileEditPage(s.page);
    const shell = new AppShell(s.page);
    await edit.goto();
    await markDocument(s);

    await edit.firstName.fill('Grace');
    await edit.lastName.fill('Hopper');
    await edit.updateButton.click();
    await toastLocator(s.page, UserMessages.profileUpdated).waitFor();

    const userMenu = s.page.getByRole('button', { name: 'User menu for Grace Hopper', exact: true });
    await userMenu.waitFor();
    await userMenu.getByText('GH', { exact: true }).waitFor();
    expect(await sameDocument(s)).toBe(true);
    await shell.openUserMenu();
    await s.page.getByRole('menu').locator('xpath=..').getByText('Grace Hopper', { exact: true }).waitFor();

    await s.page.reload();
    await edit.ready();
    await userMenu.waitFor();
    expect(await edit.firstName.inputValue()).toBe('Grace');
    expect(await edit.lastName.inputValue()).toBe('Hopper');
    s.assertClean();
  });

  it('a new email asks for the current password; a taken email shows the message on the email field; a free one says a verification link was sent', async () => {
    const s = b.session();
    const session = await signedInUser(s, 'emailchange');
    const me = await currentUserApi(session);
    const other = await createUser('taken');
    const edit = new ProfileEditPage(s.page);
    await edit.goto();
    // The stored address (in any case) needs no password.
    await edit.email.fill(me.email.toUpperCase());
    expect(await edit.emailPassword.count()).toBe(0);

    await edit.email.fill(other.email);
    await edit.emailPassword.waitFor();
    await edit.updateButton.click();
    await edit.waitForFieldError(edit.emailPassword, ValidationMessages.required('Current password'));

    await edit.emailPassword.fill(PASSWORD);
    await edit.updateButton.click();
    await edit.waitForFieldError(edit.email, AuthMessages.emailTaken);

    const free = `e2e-moved-${Date.now()}@example.com`;
    await edit.email.fill(free);
    await edit.updateButton.click();
    await edit.details.getByRole('status').filter({ hasText: `We sent a verification link to ${free}` }).waitFor();
    expect((await currentUserApi(session)).email).toBe(free);
    // The new address is now the stored one: nothing left to confirm.
    await edit.emailPassword.waitFor({ state: 'detached' });
    s.assertClean();
  });

  it("the email form's and the password form's Current password fields each have their own label, and axe finds nothing", async () => {
    const s = b.session();
    await signedInUser(s, 'twolabels');
    const edit = new ProfileEditPage(s.page);
    await edit.goto();
    await edit.email.fill(`e2e-labels-${Date.now()}@example.com`);
    await edit.emailPassword.waitFor();
    // Each label names its own input: the same name in two forms must not give two inputs one id.
    const ids = await s.page.getByLabel('Current password', { exact: true }).evaluateAll((inputs) => inputs.map((input) => input.id));
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    await edit.emailPassword.fill('in the email form');
    await edit.currentPassword.fill('in the password form');
    expect(await s.page.locator(`[id="${ids[0]}"]`).inputValue()).toBe('in the email form');
    expect(await s.page.locator(`[id="${ids[1]}"]`).inputValue()).toBe('in the password form');
    expect(await checkAtEveryWidth(s.page)).toEqual(CLEAN_AT_EVERY_WIDTH);
    s.assertClean();
  });

  it('after a change of email, the link sent to the old address fails and offers Send a new link, whose link verifies the new one', async () => {
    const s = b.session();
    const session = await signedInUser(s, 'relink');
    const { dataDir } = e2eEnv();
    const me = await currentUserApi(session);
    const [oldLink] = await waitForVerifyLinks(dataDir, me.email, 1);
    const edit = new ProfileEditPage(s.page);
    await edit.goto();
    const moved = `e2e-relink-${Date.now()}@example.com`;
    await edit.email.fill(moved);
    await edit.emailPassword.fill(PASSWORD);
    await edit.updateButton.click();
    await edit.details.getByRole('status').filter({ hasText: `We sent a verification link to ${moved}` }).waitFor();
    await waitForVerifyLinks(dataDir, moved, 1);

    await s.page.goto(oldLink);
    await s.page.getByRole('alert').filter({ hasText: AuthMessages.verifyLinkInvalid }).waitFor();
    const sendNew = s.page.getByRole('button', { name: 'Send a new link', exact: true });
    await sendNew.waitFor();
    expect(await checkAtEveryWidth(s.page)).toEqual(CLEAN_AT_EVERY_WIDTH);
    for (const viewport of [MOBILE, DESKTOP]) {
      await s.page.setViewportSize(viewport);
      await saveScreenshot(s.page, 'profile', `verify-link-failed-${viewport.width}`);
    }
    await sendNew.click();
    await s.page.getByRole('status').filter({ hasText: AuthMessages.verificationSent }).waitFor();
    const links = await waitForVerifyLinks(dataDir, moved, 2);
    await s.page.goto(links[1]);
    await s.page.getByRole('status').filter({ hasText: AuthMessages.emailVerified }).waitFor();
    expect(await s.page.getByRole('button', { name: 'Send a new link' }).count()).toBe(0);
    s.assertClean();
  });

  it('a wrong current password on an email change shows the server’s message on that field and changes nothing', async () => {
    const s = b.session();
    const session = await signedInUser(s, 'emailwrongpw');
    const me = await currentUserApi(session);
    const edit = new ProfileEditPage(s.page);
    await edit.goto();

    await edit.email.fill(`e2e-stolen-${Date.now()}@example.com`);
    await edit.emailPassword.fill(`${PASSWORD}-wrong`);
    await edit.updateButton.click();
    await edit.waitForFieldError(edit.emailPassword, UserMessages.currentPasswordWrong);
    expect((await currentUserApi(session)).email).toBe(me.email);
    s.assertClean();
  });

  it('changes the password: a wrong current one is refused, and the other sessions are signed out', async () => {
    const s = b.session();
    const session = await signedInUser(s, 'password');
    const me = await currentUserApi(session);
    // A second device, signed in with a token of its own.
    const other = await b.open(b.browser());
    await useSessionInBrowser(other.context, await signInApi({ email: me.email, password: PASSWORD }));
    const otherShell = new AppShell(other.page);
    await other.page.goto('/dashboard');
    await otherShell.userMenuButton.waitFor();

    const edit = new ProfileEditPage(s.page);
    await edit.goto();
    await edit.changePassword(`${PASSWORD}-wrong`, NEW_PASSWORD);
    await edit.waitForFieldError(edit.currentPassword, UserMessages.currentPasswordWrong);

    // From here on the other device's requests are refused, its background ones (the device's product copy) included.
    other.allowConsoleError(/Failed to load resource: the server responded with a status of 401/);
    await edit.changePassword(PASSWORD, NEW_PASSWORD);
    await edit.password.getByRole('status').filter({ hasText: UserMessages.passwordChanged }).waitFor();
    expect(await edit.currentPassword.inputValue()).toBe('');

    // This browser stays signed in.
    await s.page.reload();
    await edit.ready();

    // The other one is signed out on its next request.
    await other.page.goto('/profile');
    await otherShell.waitForPath('/auth/login');
    expect(await other.page.evaluate(() => localStorage.getItem('mean_auth_token'))).toBeNull();

    // And the new password is the one that works.
    await expect(signInApi({ email: me.email, password: PASSWORD })).rejects.toThrow(/401/);
    await signInApi({ email: me.email, password: NEW_PASSWORD });
    s.assertClean();
    other.assertClean();
  });

  it('uploads an avatar from a file: progress, then the header shows the picture at once', async () => {
    const s = b.session();
    await signedInUser(s, 'avatar');
    const edit = new ProfileEditPage(s.page);
    const shell = new AppShell(s.page);
    await edit.goto();
    await markDocument(s);
    expect(await shell.userMenuButton.locator('img').count()).toBe(0);

    const uploaded = s.page.waitForResponse((res) => /\/api\/users\/[^/]+\/avatar$/.test(res.url()) && res.request().method() === 'POST');
    await edit.avatarFile.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(16, 16) });
    expect((await uploaded).status()).toBe(200);
    await edit.uploadComplete.waitFor();
    await toastLocator(s.page, 'Avatar updated').waitFor();

    const src = await edit.waitForImageLoaded(shell.userMenuButton.locator('img'), '/uploads/');
    expect(await edit.waitForImageLoaded(edit.avatarImage, '/uploads/')).toBe(src);
    expect(await sameDocument(s)).toBe(true);
    expect(await edit.removeAvatar.isEnabled()).toBe(true);
    s.assertClean();
  });

  it('Remove avatar takes the picture off the header at once, leaving the initials', async () => {
    const s = b.session();
    const session = await signedInUser(s, 'noavatar');
    const me = await currentUserApi(session);
    // The avatar goes up over REST; the upload control is tested on its own.
    const body = new FormData();
    body.set('avatar', new Blob([new Uint8Array(png(8, 8))], { type: 'image/png' }), 'me.png');
    const res = await fetch(`${e2eEnv().baseUrl}/api/users/${me.id}/avatar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.accessToken}` },
      body,
    });
    expect(res.status).toBe(200);

    const edit = new ProfileEditPage(s.page);
    const shell = new AppShell(s.page);
    await edit.goto();
    const headerAvatar = shell.userMenuButton.locator('img');
    await edit.waitForImageLoaded(headerAvatar, '/uploads/');
    await edit.waitForImageLoaded(edit.avatarImage, '/uploads/');
    await markDocument(s);

    await edit.removeAvatar.click();
    const initials = `${me.firstName[0]}${me.lastName[0]}`.toUpperCase();
    await shell.userMenuButton.getByText(initials, { exact: true }).waitFor();
    expect(await headerAvatar.count()).toBe(0);
    expect(await edit.avatarImage.count()).toBe(0);
    expect(await edit.removeAvatar.isDisabled()).toBe(true);
    expect(await sameDocument(s)).toBe(true);
    s.assertClean();
  });
});
