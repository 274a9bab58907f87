import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Pagination } from '../common/pagination';
import { User, UserRole, UserStatus } from '../account/user.entity';

/* Validation lives in user.service.ts (shared rules from @stockroom/schema), so REST and GraphQL answer alike. */

@InputType({ description: "Any of the fields; a new email needs the caller's current password, must be free and starts unverified" })
export class UpdateProfileInput {
  @Field({ nullable: true }) firstName?: string;
  @Field({ nullable: true }) lastName?: string;
  @Field({ nullable: true }) email?: string;
  @Field(() => String, {
    nullable: true,
    description: "The caller's own password when the email changes (also an admin's, for someone else's email); left out, a sign-in or step-up within the last 10 minutes stands for it",
  })
  currentPassword?: string | null;
}

@InputType({ description: "An admin may also change someone else's role and status" })
export class UpdateUserInput extends UpdateProfileInput {
  @Field(() => UserRole, { nullable: true }) role?: UserRole;
  @Field(() => UserStatus, { nullable: true, description: 'Inactive revokes every session, like deactivateUser' }) status?: UserStatus;
}

@InputType()
export class ChangePasswordInput {
  @Field(() => String, { nullable: true, description: 'Left out, a sign-in or step-up within the last 10 minutes stands for it (for an account single sign-on opened, whose password nobody chose)' })
  currentPassword?: string | null;
  @Field({ description: 'At least 8 characters with upper case, lower case, a number and a special character' }) newPassword!: string;
}

@InputType()
export class UserListInput {
  @Field(() => Int, { nullable: true, description: 'From 1 (default 1)' }) page?: number;
  @Field(() => Int, { nullable: true, description: '1 to 100 (default 10)' }) limit?: number;
  @Field({ nullable: true, description: 'Case-insensitive substring of the name or email' }) search?: string;
}

@ObjectType()
export class UserPage {
  @Field(() => [User]) users!: User[];
  @Field(() => Pagination) pagination!: Pagination;
}

@ObjectType({ description: 'What anyone may see of an account: nothing private' })
export class PublicProfile {
  @Field(() => ID) id!: string;
  @Field() firstName!: string;
  @Field() lastName!: string;
  @Field() fullName!: string;
  @Field(() => String, { nullable: true }) avatar!: string | null;
  @Field() memberSince!: Date;
}

@ObjectType({ description: 'Accounts and catalogues across the whole app (admins only)' })
export class AdminStats {
  @Field(() => Int) totalUsers!: number;
  @Field(() => Int) activeUsers!: number;
  @Field(() => Int) inactiveUsers!: number;
  @Field(() => Int) adminUsers!: number;
  @Field(() => Int) verifiedUsers!: number;
  @Field(() => Int, { description: 'Accounts created in the last 7 days' }) newUsersLast7Days!: number;
  @Field(() => Int, { description: 'Accounts with an open session' }) signedInUsers!: number;
  @Field(() => Int) totalProducts!: number;
  @Field(() => Float) inventoryValue!: number;
}
