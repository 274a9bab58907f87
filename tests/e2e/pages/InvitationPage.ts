import { InvitationMessages } from '@stockroom/schema';
import { BasePage } from './BasePage';

export class InvitationPage extends BasePage {
  readonly heading = this.page.getByRole('heading', { level: 1 });
  readonly signInToAccept = this.page.getByRole('link', { name: 'Sign in to accept' });
  readonly createAccount = this.page.getByRole('link', { name: 'Create your account' });
  readonly accept = this.page.getByRole('button', { name: 'Accept invitation' });
  readonly signOut = this.page.getByRole('button', { name: 'Sign out' });
  readonly noLongerValid = this.page.getByRole('heading', { name: InvitationMessages.noLongerValid, level: 1 });
  readonly goHome = this.page.getByRole('link', { name: 'Go to Home' });

  /** Opens the mail's link and waits for the invitation's own heading. */
  async open(link: string): Promise<void> {
    await this.page.goto(link);
    await this.page.getByRole('heading', { name: /^Join |This invitation/, level: 1 }).waitFor();
  }
}
