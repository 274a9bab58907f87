import type { Page } from 'playwright-core';
import { GeneralMessages } from '@stockroom/schema';

/**
 * Answers the page's next `times` requests for one GraphQL operation (by its
 * `operationName`) the way the server answers when a resolver fails
 * (`INTERNAL_SERVER_ERROR`); every other request, and that operation's later
 * ones (a Try again), reach the server.
 */
export async function failGraphqlOperation(page: Page, operationName: string, times = 1): Promise<void> {
  let failures = times;
  await failGraphqlOperationWhile(page, operationName, () => failures-- > 0);
}

/**
 * Answers every request for one GraphQL operation as a failed resolver until
 * the returned function is called; from then on they reach the server. For a
 * page's first view, which asks once or twice depending on whether the first
 * answer came before the app's first render.
 */
export async function failGraphqlOperationUntilReleased(page: Page, operationName: string): Promise<() => void> {
  let failing = true;
  await failGraphqlOperationWhile(page, operationName, () => failing);
  return () => {
    failing = false;
  };
}

async function failGraphqlOperationWhile(page: Page, operationName: string, failThisOne: () => boolean): Promise<void> {
  await page.route('**/graphql', async (route) => {
    if ((route.request().postData() ?? '').includes(`"operationName":"${operationName}"`) && failThisOne()) {
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
