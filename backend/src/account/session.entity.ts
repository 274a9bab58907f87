import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { User } from './user.entity';

/**
 * One signed-in device. The JWT carries its id, so revoking the row revokes
 * the token: sign-out revokes one, a password reset or deactivation all.
 */
@Entity({ tableName: 'sessions' })
export class Session {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  @Index()
  user!: User;

  @Property({ defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property()
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  revokedAt?: Date | null;

  /** When the password or a code was last given again in this session (account/step-up.ts); the sign-in itself counts from createdAt. */
  @Property({ type: 'datetime', nullable: true })
  verifiedAt?: Date | null;
}
