import { BasePage } from './BasePage';

export const PASSWORD_UPDATED = 'Password updated successfully. You can now sign in.';

export class ResetPasswordPage extends BasePage {
  readonly newPassword = this.page.getByLabel('New password', { exact: true });
  readonly confirmPassword = this.page.getByLabel('Confirm password', { exact: true });
  readonly submit = this.page.getByRole('button', { name: 'Update Password' });

  /** Opens the emailed link as a person would: the full URL, as written. */
  async open(link: string): Promise<Record<string, string>> {
    const res = await this.page.goto(link);
    await this.submit.waitFor();
    return res?.headers() ?? {};
  }

  async setPassword(password: string): Promise<void> {
    await this.newPassword.fill(password);
    await this.confirmPassword.fill(password);
    await this.submit.click();
  }
}
