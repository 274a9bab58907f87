import { BasePage } from './BasePage';

/** /profile/edit: personal details, avatar and password, each in its own titled region. */
export class ProfileEditPage extends BasePage {
  readonly details = this.page.getByRole('region', { name: 'Personal details' });
  readonly firstName = this.details.getByLabel('First name', { exact: true });
  readonly lastName = this.details.getByLabel('Last name', { exact: true });
  readonly email = this.details.getByLabel('Email', { exact: true });
  /** Shown only while the email differs from the stored one: a new address needs the current password. */
  readonly emailPassword = this.details.getByLabel('Current password', { exact: true });
  readonly updateButton = this.details.getByRole('button', { name: 'Update Profile', exact: true });
  readonly cancel = this.details.getByRole('link', { name: 'Cancel', exact: true });

  readonly avatarRegion = this.page.getByRole('region', { name: 'Avatar' });
  /** The picture itself (an <img>), once the account has one. */
  readonly avatarImage = this.avatarRegion.getByTestId('profile-avatar').locator('img');
  readonly removeAvatar = this.avatarRegion.getByRole('button', { name: 'Remove avatar', exact: true });
  readonly avatarFile = this.avatarRegion.getByLabel('Upload a new avatar', { exact: true });
  readonly uploadComplete = this.avatarRegion.getByText('Upload complete', { exact: true });

  readonly password = this.page.getByRole('region', { name: 'Change password' });
  readonly currentPassword = this.password.getByLabel('Current password', { exact: true });
  readonly newPassword = this.password.getByLabel('New password', { exact: true });
  readonly confirmPassword = this.password.getByLabel('Confirm new password', { exact: true });
  readonly changePasswordButton = this.password.getByRole('button', { name: 'Change Password', exact: true });

  async goto(): Promise<void> {
    await this.page.goto('/profile/edit');
    await this.ready();
  }

  /** The form shows the loaded account (not the restored session's placeholder). */
  async ready(): Promise<void> {
    await this.updateButton.waitFor();
    await this.waitForTitle('Edit Profile - Stockroom');
    await this.waitForLiveForms();
  }

  async changePassword(current: string, next: string, confirmation = next): Promise<void> {
    await this.currentPassword.fill(current);
    await this.newPassword.fill(next);
    await this.confirmPassword.fill(confirmation);
    await this.changePasswordButton.click();
  }
}
