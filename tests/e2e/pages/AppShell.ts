import type { Locator } from 'playwright-core';
import { BasePage } from './BasePage';

export class AppShell extends BasePage {
  readonly header = this.page.getByRole('banner');
  readonly brand = this.header.getByText('Stockroom', { exact: true });
  readonly footer = this.page.getByRole('contentinfo');
  readonly main = this.page.getByRole('main');
  readonly sideNav = this.page.getByRole('complementary', { name: 'Side navigation' });
  readonly menuButton = this.page.getByRole('button', { name: /(open|close) navigation/i });
  readonly userMenuButton = this.page.getByRole('button', { name: /^User menu/ });

  sideNavLink(name: 'Dashboard' | 'Products' | 'Profile'): Locator {
    return this.sideNav.getByRole('link', { name, exact: true });
  }

  async openUserMenu(): Promise<void> {
    await this.userMenuButton.click();
    await this.page.getByRole('menuitem', { name: 'Sign Out' }).waitFor();
  }

  async userMenuItem(name: 'Profile' | 'Help' | 'Sign Out'): Promise<Locator> {
    return this.page.getByRole('menuitem', { name, exact: true });
  }

  async signOut(): Promise<void> {
    await this.openUserMenu();
    await (await this.userMenuItem('Sign Out')).click();
    await this.waitForPath('/auth/login');
  }

  async isSideNavVisible(): Promise<boolean> {
    return this.sideNav.isVisible();
  }
}
