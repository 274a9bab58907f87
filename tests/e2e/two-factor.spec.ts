import { generateSync } from 'otplib';
import { SecondFactorMessages } from '@stockroom/schema';
import { ApiTokensSection } from './pages/ApiTokensSection';
import { DESKTOP, MOBILE, useBrowser } from './support/browser';
import { checkAtEveryWidth, CLEAN_AT_EVERY_WIDTH } from './support/no-violations';
import { animationsDone, saveScreenshot, stepUpDialogSettled } from './support/screen-checks';
import { createUserWithSession, newUser, useSessionInBrowser } from './support/api';
import { ageSessionsSql } from './support/database';
import { AppShell, toastLocator } from './pages/AppShell';
import { SignInPage } from './pages/SignInPage';
import { SignUpPage } from './pages/SignUpPage';

/**
 * Two-factor authentication in the browser (issue 40): set up from the
 * profile by reading the setup key off the page and computing codes from it,
 * as an authenticator app would; then sign-in asks for a code after the
 * password, and takes a recovery code instead. Passkeys through Chromium's
 * virtual authenticator (the DevTools protocol's WebAuthn domain): added
 * in the profile, then used to sign in instead of the password, as the
 * second step after it, and to confirm it is you before a new API token.
 */

/** The code an app shows `steps` 30-second steps from now: a code works once, so each use takes its own step (the server allows one either side). */
const codeOf = (secret: string, steps = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });


describe('two-factor authentication', () => {
  const b = useBrowser();

  it('set up from the profile with the QR code or the key, signs in with a code and with a recovery code, makes new codes; clean at 375 and 1280 px', async () => {
    const s = b.session();
    const { user, session } = await createUserWithSession('twofactor');
    await useSessionInBrowser(s.context, session);
    const shell = new AppShell(s.page);
    await s.page.goto('/profile');
    await shell.waitForTitle('Profile - Stockroom');
    const card = s.page.getByRole('region', { name: 'Two-factor authentication' });
    await card.getByRole('button', { name: 'Set Up Two-Factor Authentication' }).click();

    // The QR code is drawn on the page; the key is there as text for typing into an app.
    await card.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    const secret = (await card.getByLabel('Setup key').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await animationsDone(s.page);
    expect(await checkAtEveryWidth(s.page)).toEqual(CLEAN_AT_EVERY_WIDTH);
    for (const viewport of [MOBILE, DESKTOP]) {
      await s.page.setViewportSize(viewport);
      await saveScreenshot(s.page, 'two-factor', `setup-${viewport.width}`);
    }

    // The previous step's code: the next ones are left for the sign-ins below.
    await card.getByLabel('Authentication code').fill(codeOf(secret, -1));
    await card.getByRole('button', { name: 'Turn On' }).click();
    const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const recoveryCode = (await codes.nth(2).textContent())!.trim();
    expect(recoveryCode).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await card.getByText('10 of 10 recovery codes left.').waitFor();
    await toastLocator(s.page, 'Two-factor authentication is on').waitFor({ state: 'detached' });
    await animationsDone(s.page);
    expect(await checkAtEveryWidth(s.page)).toEqual(CLEAN_AT_EVERY_WIDTH);
    for (const viewport of [MOBILE, DESKTOP]) {
      await s.page.setViewportSize(viewport);
      await saveScreenshot(s.page, 'two-factor', `recovery-codes-${viewport.width}`);
    }
    await card.getByRole('button', { name: 'Done' }).click();
    await codes.first().waitFor({ state: 'detached' });

    // Sign out, then in: the password, then the code.
    await shell.signOut();
    const signIn = new SignInPage(s.page);
    await signIn.ready();
    await signIn.signIn(user.email, user.password);
    const codeField = s.page.getByLabel('Authentication code');
    await codeField.waitFor();
    await shell.waitForTitle('Sign In - Stockroom');
    // A wrong code is refused with the server's message.
    await codeField.fill(codeOf(secret, -10));
    await s.page.getByRole('button', { name: 'Verify and Sign In' }).click();
    await s.page.getByText(SecondFactorMessages.invalidVerificationCode).waitFor();
    expect(await checkAtEveryWidth(s.page)).toEqual(CLEAN_AT_EVERY_WIDTH);
    for (const viewport of [MOBILE, DESKTOP]) {
      await s.page.setViewportSize(viewport);
      await saveScreenshot(s.page, 'two-factor', `sign-in-code-${viewport.width}`);
    }
    await codeField.fill(codeOf(secret));
    await s.page.getByRole('button', { name: 'Verify and Sign In' }).click();
    await shell.waitForPath('/dashboard');

    // Again, with a recovery code instead.
    await shell.signOut();
    await signIn.ready();
    await signIn.signIn(user.email, user.password);
    await codeField.fill(recoveryCode);
    await s.page.getByRole('button', { name: 'Verify and Sign In' }).click();
    await shell.waitForPath('/dashboard');
    await s.page.goto('/profile');
    await card.getByText('9 of 10 recovery codes left.').waitFor();

    // Ten new codes for a code from the app; the one used above was the last of its step.
    const renew = card.getByRole('form', { name: 'Make new recovery codes' });
    await renew.getByLabel('Authentication code').fill(codeOf(secret, 1));
    await renew.getByRole('button', { name: 'New Recovery Codes' }).click();
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    expect(await codes.allTextContents()).not.toContain(recoveryCode);
    await card.getByText('10 of 10 recovery codes left.').waitFor();
    s.assertClean();
  });

  it('adds a passkey after sign-up, renames it, signs in with it instead of the password and as the second step, confirms a new API token with it; clean at 375 and 1280 px', async () => {
    const s = b.session();
    // A platform authenticator that keeps discoverable credentials and checks its holder, as a laptop's fingerprint reader does.
    const cdp = await s.context.newCDPSession(s.page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    const user = newUser('passkey');
    const shell = new AppShell(s.page);
    await new SignUpPage(s.page).goto();
    await new SignUpPage(s.page).signUp(user);
    await shell.waitForPath('/dashboard');

    await s.page.goto('/profile');
    await shell.waitForTitle('Profile - Stockroom');
    const card = s.page.getByRole('region', { name: 'Passkeys' });
    await card.getByText('You have no passkeys yet.').waitFor();
    await card.getByLabel('Passkey name').fill('Work laptop');
    await card.getByRole('button', { name: 'Add Passkey' }).click();
    const listed = card.getByRole('list', { name: 'Passkeys' }).getByRole('listitem');
    await listed.filter({ hasText: 'Work laptop' }).waitFor();
    expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toEqual([expect.objectContaining({ isResidentCredential: true })]);
    await toastLocator(s.page, SecondFactorMessages.passkeyAdded).waitFor({ state: 'detached' });

    await card.getByRole('button', { name: 'Rename Work laptop' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Rename passkey' });
    await dialog.getByLabel('Passkey name').fill('Desk laptop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await listed.filter({ hasText: 'Desk laptop' }).waitFor();
    await toastLocator(s.page, SecondFactorMessages.passkeyRenamed).waitFor({ state: 'detached' });
    await card.scrollIntoViewIfNeeded();
    await animationsDone(s.page);
    expect(await checkAtEveryWidth(s.page)).toEqual(CLEAN_AT_EVERY_WIDTH);
    for (const viewport of [MOBILE, DESKTOP]) {
      await s.page.setViewportSize(viewport);
      await saveScreenshot(s.page, 'two-factor', `passkeys-${viewport.width}`);
    }

    // Signed out: the passkey alone signs in, no email or password typed.
    await shell.signOut();
    const signIn = new SignInPage(s.page);
    await signIn.ready();
    const withPasskey = s.page.getByRole('button', { name: 'Sign in with a passkey' });
    expect(await checkAtEveryWidth(s.page)).toEqual(CLEAN_AT_EVERY_WIDTH);
    for (const viewport of [MOBILE, DESKTOP]) {
      await s.page.setViewportSize(viewport);
      await saveScreenshot(s.page, 'two-factor', `sign-in-page-${viewport.width}`);
    }
    await withPasskey.click();
    await shell.waitForPath('/dashboard');

    // The password now asks for the passkey as its second step.
    await shell.signOut();
    await signIn.ready();
    await signIn.signIn(user.email, user.password);
    await s.page.getByText('This account signs in with a passkey as its second step.').waitFor();
    expect(await checkAtEveryWidth(s.page)).toEqual(CLEAN_AT_EVERY_WIDTH);
    for (const viewport of [MOBILE, DESKTOP]) {
      await s.page.setViewportSize(viewport);
      await saveScreenshot(s.page, 'two-factor', `sign-in-passkey-${viewport.width}`);
    }
    await s.page.getByRole('button', { name: 'Use a Passkey' }).click();
    await shell.waitForPath('/dashboard');

    // Eleven minutes later a new API token asks to confirm it is you, and the passkey does.
    await ageSessionsSql(user.email);
    const tokens = new ApiTokensSection(s.page);
    await tokens.goto();
    await tokens.create('Shop sync', 'read', '90 days');
    const stepUp = s.page.getByRole('dialog', { name: 'Confirm it is you' });
    const usePasskey = stepUp.getByRole('button', { name: 'Use a passkey' });
    await usePasskey.waitFor();
    await stepUpDialogSettled(s.page);
    expect(await checkAtEveryWidth(s.page)).toEqual(CLEAN_AT_EVERY_WIDTH);
    for (const viewport of [MOBILE, DESKTOP]) {
      await s.page.setViewportSize(viewport);
      await saveScreenshot(s.page, 'two-factor', `step-up-passkey-${viewport.width}`);
    }
    // A passkey whose holder is not checked (a failed fingerprint) does not confirm; the dialog says so and stays.
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
    await usePasskey.click();
    await stepUp.getByRole('alert').filter({ hasText: SecondFactorMessages.passkeyCancelled }).waitFor();
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true });
    await usePasskey.click();
    await stepUp.waitFor({ state: 'detached' });
    await toastLocator(s.page, SecondFactorMessages.stepUpDone).waitFor();
    await tokens.newToken.waitFor();
    expect(await tokens.newToken.inputValue()).toMatch(/^stk_/);
    s.assertClean();
  });
});
