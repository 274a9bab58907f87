import type { Locator } from 'playwright-core';
import { BasePage } from './BasePage';

/** One entry of Recent activity as the user reads it. */
export interface ActivityEntryView {
  title: string;
  description: string;
  /** The relative time shown ("just now", "5 minutes ago"). */
  relative: string;
  /** The `<time>`'s dateTime (ISO) and title (the exact date-time on hover). */
  dateTime: string | null;
  exact: string | null;
  /** The title link's href, for product entries. */
  href: string | null;
}

/** /dashboard: account overview, recent activity, inventory charts, feature highlights. */
export class DashboardPage extends BasePage {
  readonly heading = this.page.getByRole('heading', { name: 'Dashboard', level: 1 });

  readonly overview = this.page.getByRole('region', { name: 'Account overview' });

  readonly activity = this.page.getByRole('region', { name: 'Recent activity' });
  readonly activityItems = this.activity.getByRole('list', { name: 'Recent activity' }).getByRole('listitem');
  readonly noActivity = this.activity.getByText('No activity yet', { exact: true });

  readonly inventory = this.page.getByRole('region', { name: 'Inventory' });
  readonly categoryChart = this.inventory.getByRole('img', { name: /^Inventory value by category/ });
  readonly stockChart = this.inventory.getByRole('img', { name: /^Stock/ });
  readonly categoryTable = this.inventory.getByRole('table', { name: 'Inventory value by category' });
  readonly stockTable = this.inventory.getByRole('table', { name: 'Products in and out of stock' });
  readonly showAsTable = this.inventory.getByRole('button', { name: 'Show as table' });
  readonly noProducts = this.page.getByText('No products yet', { exact: true });

  readonly reorder = this.page.getByRole('region', { name: /^Needs reordering/ });
  readonly reorderItems = this.reorder.getByRole('listitem');
  readonly showLowStock = this.reorder.getByRole('link', { name: 'Show Low Stock products' });
  readonly showOutOfStock = this.reorder.getByRole('link', { name: 'Show out of stock products' });

  readonly features = this.page.getByRole('region', { name: 'Key features' });

  readonly loadError = this.page.getByRole('alert').filter({ hasText: 'The dashboard could not be loaded' });
  readonly tryAgain = this.loadError.getByRole('button', { name: 'Try again' });

  async goto(): Promise<void> {
    await this.page.goto('/dashboard');
    await this.ready();
  }

  /** The page is up and the dashboard query has answered (the activity list or its empty state). */
  async ready(): Promise<void> {
    await this.heading.waitFor();
    await this.waitForTitle('Dashboard - Stockroom');
    await this.activityItems.first().or(this.noActivity).waitFor();
  }

  /** The greeting under the page's title ("Welcome, Ada." or "Welcome back, Ada."). */
  greeting(text: string | RegExp): Locator {
    return this.page.locator('main').getByText(text, { exact: typeof text === 'string' ? true : undefined });
  }

  featureAction(name: string): Locator {
    return this.features.getByRole('link', { name, exact: true });
  }

  /** A figure of the overview ('Products', 'Inventory value', 'Email', ...). */
  overviewFigure(term: string): Locator {
    return this.overview.locator('dl > div').filter({ has: this.page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) }).getByRole('definition');
  }

  /** The "Needs reordering" entries as the user reads them: the name, then what is left against the level. */
  async reorderEntries(): Promise<Array<{ name: string; level: string }>> {
    return this.reorderItems.evaluateAll((items) =>
      items.map((item) => ({
        name: (item.querySelector('a')?.textContent ?? '').trim(),
        level: (item.querySelector('.reorder-list__level')?.textContent ?? '').trim(),
      })),
    );
  }

  async activityEntry(index: number): Promise<ActivityEntryView> {
    const item = this.activityItems.nth(index);
    const time = item.locator('time');
    const link = item.getByRole('link');
    return {
      title: (await item.locator('.activity-list__title').innerText()).trim(),
      description: (await item.locator('.activity-list__description').innerText()).trim(),
      relative: (await time.innerText()).trim(),
      dateTime: await time.getAttribute('datetime'),
      exact: await time.getAttribute('title'),
      href: (await link.count()) ? await link.getAttribute('href') : null,
    };
  }

  /** A table's body rows as trimmed cell texts (the row header first). */
  async tableRows(table: Locator): Promise<string[][]> {
    await table.waitFor({ state: 'attached' });
    return table.locator('tbody > tr').evaluateAll((rows) =>
      rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').trim())),
    );
  }
}
