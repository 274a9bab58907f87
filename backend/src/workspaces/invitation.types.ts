import type { WorkspaceRole as Role } from '@stockroom/schema';
import { Field, ID, ObjectType } from 'type-graphql';
import { WorkspaceRole, WorkspaceView } from './workspace.types';

/* Validation lives in invitation.service.ts (shared rules from @stockroom/schema), so REST and GraphQL answer alike. */

@ObjectType('Invitation', { description: 'A pending invitation to join a workspace with a role' })
export class InvitationView {
  @Field(() => ID) id!: string;
  @Field({ description: 'The invited address, lower-cased' }) email!: string;
  @Field(() => WorkspaceRole) role!: Role;
  @Field({ description: 'When its link stops working' }) expiresAt!: Date;
}

@ObjectType('InvitationPreview', { description: "What an invitation's link shows its holder before accepting" })
export class InvitationPreviewView {
  @Field({ description: 'The invited address: the account that accepts must have it' }) email!: string;
  @Field(() => WorkspaceRole) role!: Role;
  @Field() expiresAt!: Date;
  @Field() workspaceName!: string;
  @Field(() => String, { nullable: true, description: "Who sent it; null once their account is gone" }) invitedBy!: string | null;
  @Field({ description: 'An account has the invited address: sign in with it, else sign up with it' }) accountExists!: boolean;
}

@ObjectType('AcceptedInvitation', { description: 'The workspace just joined and the role there' })
export class AcceptedInvitationView {
  @Field(() => WorkspaceView) workspace!: WorkspaceView;
  @Field(() => WorkspaceRole) role!: Role;
}
