import type { Locator } from 'playwright-core';
import { WorkspaceMessages } from '@stockroom/schema';
import { BasePage } from './BasePage';

/** /workspace/members: the chosen workspace's members, its invitations and the roles explained. */
export class MembersPage extends BasePage {
  readonly main = this.page.getByRole('main');
  readonly heading = this.main.getByRole('heading', { name: 'Members', level: 1 });
  readonly inviteSection = this.main.getByRole('region', { name: 'Invite members' });
  readonly inviteForm = this.main.getByRole('form', { name: 'Invite a member' });
  readonly inviteEmail = this.inviteForm.getByLabel('Email', { exact: true });
  readonly inviteRole = this.inviteForm.getByRole('combobox', { name: 'Role' });
  readonly sendInvitation = this.inviteForm.getByRole('button', { name: 'Send invitation' });
  readonly pendingInvitations = this.main.getByRole('list', { name: 'Pending invitations' });
  readonly noPendingInvitations = this.main.getByText('No invitations are waiting.');
  readonly settings = this.main.getByRole('region', { name: 'Workspace' });
  readonly leave = this.settings.getByRole('button', { name: 'Leave workspace' });
  readonly onlyOwnerNote = this.settings.getByText(WorkspaceMessages.onlyOwnerCannotLeave);

  /** Opens the page in `workspaceId` (a link naming the workspace opens it there) and waits for its members. */
  async open(workspaceId: string, workspaceName: string): Promise<void> {
    await this.page.goto(`/workspace/members?workspace=${workspaceId}`);
    await this.main.getByRole('heading', { name: `Members of ${workspaceName}`, level: 2 }).waitFor();
    await this.waitForLiveForms();
  }

  /** The pending invitation of `email`. */
  invitation(email: string): Locator {
    return this.pendingInvitations.getByRole('listitem').filter({ hasText: email });
  }

  member(email: string): Locator {
    return this.main.getByRole('region', { name: /^Members of / }).getByRole('listitem').filter({ hasText: email });
  }

  async invite(email: string, role: string): Promise<void> {
    await this.inviteEmail.fill(email);
    await this.inviteRole.selectOption(role);
    await this.sendInvitation.click();
  }
}
