import type { Page } from 'playwright-core';
import { GeneralMessages } from '@stockroom/schema';

/**
 * How many times a page opened with a stored session asks for one of its first answers that
 * fails: once before the app's first render (main.tsx), once more itself.
 */
export const FIRST_VIEW_ASKS = 2;

/**
 * Answers the page's next `times` requests for one GraphQL operation (by its
 * `operationName`) the way the server answers when a resolver fails
 * (`INTERNAL_SERVER_ERROR`); every other request, and that operation's later
 * ones (a Try again), reach the server.
 */
export async function failGraphqlOperation(page: Page, operationName: string, times = 1): Promise<void> {
  let failures = times;
  await page.route('**/graphql', async (route) => {
    if (failures > 0 && (route.request().postData() ?? '').includes(`"operationName":"${operationName}"`)) {
      failures -= 1;
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
