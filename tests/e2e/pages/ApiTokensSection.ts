import type { Locator } from 'playwright-core';
import { BasePage } from './BasePage';

/** /profile's "API tokens" card: the form, the new token shown once, the list and the revoke confirmation. */
export class ApiTokensSection extends BasePage {
  readonly region = this.page.getByRole('region', { name: 'API tokens' });
  readonly name = this.region.getByLabel('Token name', { exact: true });
  readonly readWrite = this.region.getByRole('radio', { name: /^Read and write/ });
  readonly readOnly = this.region.getByRole('radio', { name: /^Read only/ });
  readonly expiry = this.region.getByLabel('Expires after', { exact: true });
  readonly createButton = this.region.getByRole('button', { name: 'Create Token', exact: true });
  /** The secret of a token just made, in a read-only field. */
  readonly newToken = this.region.getByLabel('Your new token', { exact: true });
  readonly copyButton = this.region.getByRole('button', { name: 'Copy', exact: true });
  readonly copied = this.region.getByText('Copied to the clipboard.', { exact: true });
  readonly doneButton = this.region.getByRole('button', { name: 'Done', exact: true });
  readonly list = this.region.getByRole('list', { name: 'API tokens' });
  readonly empty = this.region.getByText('You have no API tokens yet.', { exact: true });
  readonly confirmDialog = this.page.getByRole('alertdialog');

  async goto(): Promise<void> {
    await this.page.goto('/profile');
    await this.createButton.waitFor();
    await this.waitForTitle('Profile - Stockroom');
  }

  /** One token's entry in the list, found by its name. */
  item(name: string): Locator {
    return this.list.getByRole('listitem', { name, exact: true });
  }

  async create(name: string, access: 'read' | 'write', expiry: string): Promise<void> {
    await this.name.fill(name);
    // Blueprint draws its own indicator over the input: a person clicks the label.
    await this.region.locator('label').filter({ hasText: access === 'write' ? /^Read and write/ : /^Read only/ }).click();
    expect(await (access === 'write' ? this.readWrite : this.readOnly).isChecked()).toBe(true);
    await this.expiry.selectOption({ label: expiry });
    await this.createButton.click();
  }

  async revoke(name: string): Promise<void> {
    await this.item(name).getByRole('button', { name: `Revoke ${name}`, exact: true }).click();
    await this.confirmDialog.waitFor();
    await this.confirmDialog.getByRole('button', { name: 'Revoke Token', exact: true }).click();
    await this.confirmDialog.waitFor({ state: 'hidden' });
  }
}
