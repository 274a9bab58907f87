import { BasePage } from './BasePage';

/** /profile's "Email notifications" card: how low-stock emails come, and the digest's hour and time zone. */
export class NotificationsSection extends BasePage {
  readonly region = this.page.getByRole('region', { name: 'Email notifications' });
  readonly never = this.region.getByRole('radio', { name: 'Never', exact: true });
  readonly immediately = this.region.getByRole('radio', { name: /^Immediately/ });
  readonly digest = this.region.getByRole('radio', { name: /^Once a day/ });
  readonly hour = this.region.getByLabel('Send the digest at', { exact: true });
  readonly timeZone = this.region.getByLabel('Time zone', { exact: true });
  readonly saveButton = this.region.getByRole('button', { name: 'Save Email Notifications', exact: true });

  async goto(): Promise<void> {
    await this.page.goto('/profile');
    await this.saveButton.waitFor();
    await this.waitForTitle('Profile - Stockroom');
  }

  /** Blueprint draws its own indicator over the radio's input: a person clicks the label. */
  async choose(label: RegExp): Promise<void> {
    await this.region.locator('label').filter({ hasText: label }).click();
  }
}
