import { BasePage } from './BasePage';

export const RESET_LINK_SENT = 'Password reset link has been sent to your email.';

export class ForgotPasswordPage extends BasePage {
  readonly email = this.page.getByLabel('Email', { exact: true });
  readonly submit = this.page.getByRole('button', { name: 'Send Reset Link' });
  /** A plain link before sending, a (Blueprint anchor) button after. */
  readonly backToSignIn = this.page
    .getByRole('link', { name: 'Back to Sign In' })
    .or(this.page.getByRole('button', { name: 'Back to Sign In' }));

  async goto(): Promise<void> {
    await this.page.goto('/auth/forgot-password');
    await this.submit.waitFor();
  }

  async request(email: string): Promise<void> {
    await this.email.fill(email);
    await this.submit.click();
    await this.expectText(RESET_LINK_SENT);
  }
}
