import type { Locator } from 'playwright-core';
import { BasePage } from './BasePage';

/** /profile's "Webhooks" card: the form, the secret shown once, the list, each delivery log and the delete confirmation. */
export class WebhooksSection extends BasePage {
  readonly region = this.page.getByRole('region', { name: 'Webhooks' });
  readonly url = this.region.getByLabel('URL', { exact: true });
  readonly createButton = this.region.getByRole('button', { name: 'Create Webhook', exact: true });
  /** The signing secret of a webhook just made, in a read-only field. */
  readonly secret = this.region.getByLabel('Signing secret', { exact: true });
  readonly copyButton = this.region.getByRole('button', { name: 'Copy', exact: true });
  readonly copied = this.region.getByText('Copied to the clipboard.', { exact: true });
  readonly doneButton = this.region.getByRole('button', { name: 'Done', exact: true });
  readonly list = this.region.getByRole('list', { name: 'Webhooks' });
  readonly empty = this.region.getByText('You have no webhooks yet.', { exact: true });
  readonly confirmDialog = this.page.getByRole('alertdialog');

  async goto(): Promise<void> {
    await this.page.goto('/profile');
    await this.createButton.waitFor();
    await this.waitForTitle('Profile - Stockroom');
  }

  /** One webhook's entry in the list, found by its URL. */
  item(url: string): Locator {
    return this.list.getByRole('listitem', { name: url, exact: true });
  }

  /** Fills the URL and ticks `events` on top of the form's defaults. */
  async create(url: string, events: string[]): Promise<void> {
    await this.url.fill(url);
    // Blueprint draws its own box over the input: a person clicks the label.
    for (const event of events) await this.region.locator('label').filter({ hasText: new RegExp(`^${event.replace('.', '\\.')}:`) }).click();
    await this.createButton.click();
  }
}
