import { Entity, Enum, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';

export enum UserRole {
  Member = 'Member',
  Admin = 'Admin',
}

export enum UserStatus {
  Active = 'Active',
  Inactive = 'Inactive',
}

registerEnumType(UserRole, { name: 'UserRole', description: 'Shown as a label; Member unless promoted' });
registerEnumType(UserStatus, { name: 'UserStatus', description: 'Inactive accounts cannot sign in' });

@ObjectType('User')
@Entity({ tableName: 'users' })
export class User {
  [OptionalProps]?: 'status' | 'role' | 'emailVerified' | 'createdAt' | 'updatedAt' | 'fullName' | 'avatar';

  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** Stored lower-cased and trimmed, so uniqueness is case-insensitive. */
  @Field()
  @Property({ length: 254, unique: true })
  email!: string;

  @Field()
  @Property({ length: 50 })
  firstName!: string;

  @Field()
  @Property({ length: 50 })
  lastName!: string;

  @Field(() => String, { nullable: true, description: 'URL of the avatar image' })
  @Property({ length: 500, nullable: true })
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
