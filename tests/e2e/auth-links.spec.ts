import { useBrowser } from './support/browser';
import { SignInPage } from './pages/SignInPage';

/** A person's first click on a link of a fresh auth form must follow it. */
describe('auth form links', () => {
  const b = useBrowser();

  it("the sign-in page's links ('Forgot password?', 'Create account') work on the first click", async () => {
    const s = b.session();
    const signIn = new SignInPage(s.page);
    const broken: string[] = [];
    for (const [name, path] of [
      [/forgot password/i, '/auth/forgot-password'],
      [/create account/i, '/auth/signup'],
    ] as const) {
      await signIn.goto(); // fresh page: the Email field has focus, nothing typed
      await s.page.getByRole('link', { name }).click();
      try {
        await signIn.waitForPath(path, undefined, 5_000);
      } catch {
        const shown = await s.page.getByText(/is required/).allInnerTexts();
        broken.push(`${name} stayed at ${s.pathWithQuery()} (validation text now shown: ${JSON.stringify(shown)})`);
      }
    }
    if (broken.length > 0) {
      throw new Error(
        `Links on a fresh sign-in page miss their first click: ${broken.join('; ')}. The autofocused Email ` +
          "field's blur validation inserts that text and moves the links between mousedown and mouseup.",
      );
    }
    s.assertClean();
  });
});
