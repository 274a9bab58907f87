import { WORKSPACE_NAME_MAX, WORKSPACE_ROLE_SUMMARIES, WORKSPACE_ROLES, type WorkspaceRole as Role } from '@stockroom/schema';
import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { enumNamedAsValues } from '../common/graphql-enum';

/* Validation lives in workspace.service.ts (shared rules from @stockroom/schema), so REST and GraphQL answer alike. */

export const WorkspaceRole = enumNamedAsValues(WORKSPACE_ROLES);
registerEnumType(WorkspaceRole, {
  name: 'WorkspaceRole',
  description: 'What a member may do, strongest first',
  valuesConfig: Object.fromEntries(WORKSPACE_ROLES.map((role) => [role, { description: WORKSPACE_ROLE_SUMMARIES[role] }])),
});

@ObjectType('Workspace', { description: 'A catalogue shared by its members; every account has a personal one' })
export class WorkspaceView {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => WorkspaceRole, { description: "The caller's role in it" }) role!: Role;
  @Field({ description: "The account's own workspace, never deleted or left" }) personal!: boolean;
  @Field({ description: 'Members need a confirmed second factor (two-factor authentication) to work in it; owners turn it on or off' })
  requireSecondFactor!: boolean;
  @Field({ description: 'It requires a second factor and you have none: requests in it are refused (SECOND_FACTOR_REQUIRED) until you set one up' })
  needsSecondFactor!: boolean;
}

@ObjectType('MemberUser', { description: 'A member as the other members see them' })
export class MemberUserView {
  @Field(() => ID) id!: string;
  @Field() firstName!: string;
  @Field() lastName!: string;
  @Field() email!: string;
}

@ObjectType('Member', { description: 'A member of a workspace and their role there' })
export class MemberView {
  @Field(() => MemberUserView) user!: MemberUserView;
  @Field(() => WorkspaceRole) role!: Role;
  @Field() joinedAt!: Date;
}

@InputType()
export class WorkspaceInput {
  @Field({ description: `1 to ${WORKSPACE_NAME_MAX} characters, trimmed` }) name!: string;
}

@InputType()
export class WorkspacePolicyInput {
  @Field({ description: 'Whether members need a confirmed second factor to work in the workspace; turning it on needs one of your own' })
  requireSecondFactor!: boolean;
}
