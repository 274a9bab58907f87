import type { Locator } from 'playwright-core';
import { AuthMessages } from '@stockroom/schema';
import { BasePage } from './BasePage';

/** /admin: statistics and the user list for admins, the access-denied state for everyone else. */
export class AdminPage extends BasePage {
  readonly heading = this.page.getByRole('heading', { name: 'Admin', level: 1 });
  readonly accessDenied = this.page.getByRole('heading', { name: AuthMessages.accessDenied });
  readonly statistics = this.page.getByRole('region', { name: 'Admin statistics' });
  readonly users = this.page.getByRole('table', { name: 'Users' });
  readonly search = this.page.getByRole('searchbox', { name: 'Search users' });
  readonly confirmDialog = this.page.getByRole('alertdialog');

  async goto(): Promise<void> {
    await this.page.goto('/admin');
    await this.heading.waitFor();
    await this.waitForTitle('Admin - Stockroom');
  }

  /** One statistic's figure, by its card's label (e.g. 'Total Users'). */
  stat(label: string): Locator {
    return this.statistics.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd`);
  }

  /** Waits for the list's summary, e.g. 'Showing 1 of 1 users' (the list for the current search has arrived). */
  async waitForSummary(text: string): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Pagination' }).getByText(text, { exact: true }).waitFor();
  }

  /** The table row of the account with this email. */
  row(email: string): Locator {
    return this.users.getByRole('row').filter({ has: this.page.getByRole('cell', { name: email, exact: true }) });
  }

  rowAction(email: string, action: 'Make admin' | 'Make member' | 'Deactivate' | 'Reactivate'): Locator {
    return this.row(email).getByRole('button', { name: new RegExp(`^${action}:`) });
  }
}
