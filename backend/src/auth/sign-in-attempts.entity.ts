import { Entity, ManyToOne, PrimaryKeyProp, Property } from '@mikro-orm/core';
import { User } from '../users/user.entity';

/**
 * Sign-in attempts for one account from one client address. Keyed by
 * address so an attacker locks the account only for themselves: the owner
 * signing in from elsewhere is not locked out.
 */
@Entity({ tableName: 'sign_in_attempts' })
export class SignInAttempts {
  [PrimaryKeyProp]?: ['user', 'clientKey'];

  @ManyToOne(() => User, { primary: true, deleteRule: 'cascade' })
  user!: User;

  @Property({ primary: true, length: 64 })
  clientKey!: string;

  /** Consecutive wrong passwords; reaching the maximum sets lockedUntil. */
  @Property({ default: 0 })
  failures: number = 0;

  /** Password checks in flight: with failures, never more than the maximum at once. */
  @Property({ default: 0 })
  pending: number = 0;

  /** In-flight checks older than this are forgotten, so a crashed request cannot hold a slot. */
  @Property({ type: 'datetime', nullable: true })
  pendingUntil?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  lockedUntil?: Date | null;
}
