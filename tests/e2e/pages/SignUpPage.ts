import { BasePage } from './BasePage';

export interface SignUpData {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword?: string;
}

export class SignUpPage extends BasePage {
  readonly firstName = this.page.getByLabel('First name', { exact: true });
  readonly lastName = this.page.getByLabel('Last name', { exact: true });
  readonly email = this.page.getByLabel('Email', { exact: true });
  readonly password = this.page.getByLabel('Password', { exact: true });
  readonly confirmPassword = this.page.getByLabel('Confirm password', { exact: true });
  readonly submit = this.page.getByRole('button', { name: /create account|sign up/i });

  async goto(): Promise<void> {
    await this.page.goto('/auth/signup');
    await this.firstName.waitFor();
  }

  async fill(data: SignUpData): Promise<void> {
    await this.firstName.fill(data.firstName);
    await this.lastName.fill(data.lastName);
    await this.email.fill(data.email);
    await this.password.fill(data.password);
    await this.confirmPassword.fill(data.confirmPassword ?? data.password);
  }

  async signUp(data: SignUpData): Promise<void> {
    await this.fill(data);
    await this.submit.click();
  }
}
