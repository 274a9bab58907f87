import { useBrowser } from './support/browser';
import { createUser } from './support/api';
import { SignInPage } from './pages/SignInPage';

describe('developer pages served from local assets', () => {
  const b = useBrowser();

  it('/graphql in a browser loads the GraphQL playground', async () => {
    const s = b.session();
    // The playground loads the schema by introspection: every call it makes must succeed.
    const graphqlCalls: string[] = [];
    s.page.on('response', (r) => {
      if (r.request().method() === 'POST' && new URL(r.url()).pathname === '/graphql') {
        graphqlCalls.push(`${r.status()} ${r.request().postData()?.slice(0, 60) ?? ''}`);
      }
    });
    const res = await s.page.goto('/graphql');
    expect(res?.status()).toBe(200);
    // GraphiQL renders an editor with a run ("Execute query") button.
    await s.page
      .locator('.graphiql-container, [aria-label*="Execute query" i], [aria-label*="Run" i]')
      .first()
      .waitFor({ timeout: 30_000 });
    await s.page.waitForLoadState('networkidle');
    expect(graphqlCalls.filter((c) => !c.startsWith('200 '))).toEqual([]);
    s.assertClean();
  });

  it("/graphql runs the default Me query with a signed-in user's token", async () => {
    const s = b.session();
    const user = await createUser('playground');
    const signIn = new SignInPage(s.page);
    await signIn.goto();
    await signIn.signIn(user.email, user.password);
    await signIn.waitForPath('/dashboard');

    // Schema loading (introspection) is checked by the test above; this one checks a query runs.
    s.allowConsoleError(/Failed to load resource: the server responded with a status of 400/);
    await s.page.goto('/graphql', { waitUntil: 'networkidle' }); // editors initialised, schema fetched
    await s.page.getByRole('button', { name: /execute query/i }).first().click();
    // The result pane shows the user that `me` returned (the editor may wrap the long email).
    await s.page.waitForFunction(
      (email) => (document.body.innerText || '').replace(/\s+/g, '').includes(email),
      user.email,
      { timeout: 15_000 },
    );
    s.assertClean();
  });

  it('/api/docs shows the Stockroom API documentation', async () => {
    const s = b.session();
    const res = await s.page.goto('/api/docs');
    expect(res?.status()).toBe(200);
    await s.page.getByText('Stockroom', { exact: false }).first().waitFor({ timeout: 30_000 });
    await s.page.waitForLoadState('networkidle');
    expect(await s.page.content()).toContain('Stockroom');
    s.assertClean();
  });

  it('/api/openapi.json is an OpenAPI document', async () => {
    const s = b.session();
    const res = await s.page.request.get('/api/openapi.json');
    expect(res.status()).toBe(200);
    const doc = await res.json();
    expect(doc.openapi ?? doc.swagger).toBeTruthy();
    const paths = Object.keys(doc.paths ?? {});
    expect(paths.some((p) => p.endsWith('/auth/signin'))).toBe(true);
    expect(paths.some((p) => p.endsWith('/auth/signup'))).toBe(true);
  });
});
