import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { User } from './user.entity';

export enum TokenPurpose {
  PasswordReset = 'password_reset',
  EmailVerification = 'email_verification',
}

/**
 * A password-reset or email-verification token. Only its SHA-256 hash is
 * stored; issuing a new one deletes the older ones of the same purpose.
 */
@Entity({ tableName: 'one_time_tokens' })
@Index({ properties: ['user', 'purpose'] })
export class OneTimeToken {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Enum({ items: () => TokenPurpose })
  purpose!: TokenPurpose;

  @Property({ length: 64, unique: true })
  tokenHash!: string;

  @Property()
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  usedAt?: Date | null;

  @Property({ defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
