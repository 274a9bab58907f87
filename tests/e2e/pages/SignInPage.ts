import { BasePage } from './BasePage';

export class SignInPage extends BasePage {
  readonly email = this.page.getByLabel('Email', { exact: true });
  readonly password = this.page.getByLabel('Password', { exact: true });
  readonly submit = this.page.getByRole('button', { name: 'Sign In to Dashboard' });

  async goto(returnUrl?: string): Promise<void> {
    const query = returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : '';
    await this.page.goto(`/auth/login${query}`);
    await this.ready();
  }

  async ready(): Promise<void> {
    await this.submit.waitFor();
    await this.waitForTitle('Sign In - Stockroom');
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}
