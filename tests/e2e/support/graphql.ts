import type { Page } from 'playwright-core';
import { GeneralMessages } from '@stockroom/schema';

/**
 * Answers the page's next request for one GraphQL operation (by its
 * `operationName`) the way the server answers when a resolver fails
 * (`INTERNAL_SERVER_ERROR`); every other request, and that operation's later
 * ones (a Try again), reach the server.
 */
export async function failGraphqlOperationOnce(page: Page, operationName: string): Promise<void> {
  let fail = true;
  await page.route('**/graphql', async (route) => {
    if (fail && (route.request().postData() ?? '').includes(`"operationName":"${operationName}"`)) {
      fail = false;
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ data: null, errors: [{ message: GeneralMessages.server, extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }),
      });
      return;
    }
    await route.fallback();
  });
}
