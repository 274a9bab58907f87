import { Check, Entity, Enum, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { ROLES, Rules, USER_STATUS } from '@stockroom/schema';
import { enumNamedAsValues } from '../common/graphql-enum';

/** The roles of the shared rules; GraphQL names them as they are stored (`Member`, `Admin`). */
export const UserRole = enumNamedAsValues(Object.values(ROLES));
export type UserRole = (typeof UserRole)[keyof typeof UserRole];

export const UserStatus = enumNamedAsValues(Object.values(USER_STATUS));
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus];

registerEnumType(UserRole, { name: 'UserRole', description: 'Shown as a label; Member unless promoted' });
registerEnumType(UserStatus, { name: 'UserStatus', description: 'Inactive accounts cannot sign in' });

@ObjectType('User')
@Entity({ tableName: 'users' })
// varchar(n) holds the longest a name may be; these the shortest, so even a write that bypasses the service cannot store an empty name.
@Check({ name: 'users_first_name_length_check', expression: `char_length("first_name") >= ${Rules.firstName.min}` })
@Check({ name: 'users_last_name_length_check', expression: `char_length("last_name") >= ${Rules.lastName.min}` })
export class User {
  [OptionalProps]?: 'status' | 'role' | 'emailVerified' | 'passwordSet' | 'createdAt' | 'updatedAt' | 'fullName' | 'avatar';

  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** Stored lower-cased and trimmed, so uniqueness is case-insensitive. */
  @Field()
  @Property({ length: Rules.email.max, unique: true })
  email!: string;

  @Field()
  @Property({ length: Rules.firstName.max })
  firstName!: string;

  @Field()
  @Property({ length: Rules.lastName.max })
  lastName!: string;

  @Field(() => String, { nullable: true, description: 'URL of the avatar image' })
  @Property({ length: Rules.imageUrl.max, nullable: true })
  avatar?: string | null;

  @Field(() => UserStatus)
  @Enum({ items: () => UserStatus, default: UserStatus.Active })
  status: UserStatus = UserStatus.Active;

  @Field(() => UserRole)
  @Enum({ items: () => UserRole, default: UserRole.Member })
  role: UserRole = UserRole.Member;

  @Field()
  @Property({ default: false })
  emailVerified: boolean = false;

  /** argon2id hash; never exposed. */
  @Property({ hidden: true, lazy: false })
  passwordHash!: string;

  /** Whether the holder chose the password: not for an account single sign-on opened, until a password is set or reset. */
  @Property({ default: true })
  passwordSet: boolean = true;

  @Field()
  @Property({ defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Field()
  @Property({ defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  @Field()
  get fullName(): string {
    return `${this.firstName} ${this.lastName}`.trim();
  }
}

/** The REST shape of a user: exactly the GraphQL `User` fields. */
export function toUserJson(user: User) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: user.fullName,
    avatar: user.avatar ?? null,
    status: user.status,
    role: user.role,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
