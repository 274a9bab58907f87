import { Entity, ManyToOne, PrimaryKeyProp, Property } from '@mikro-orm/core';
import { User } from '../users/user.entity';

/**
 * Consecutive failed sign-ins for one account from one client address.
 * Keyed by address so an attacker locks the account only for themselves:
 * the owner signing in from elsewhere is not locked out.
 */
@Entity({ tableName: 'sign_in_failures' })
export class SignInFailure {
  [PrimaryKeyProp]?: ['user', 'clientKey'];

  @ManyToOne(() => User, { primary: true, deleteRule: 'cascade' })
  user!: User;

  @Property({ primary: true, length: 64 })
  clientKey!: string;

  @Property({ default: 0 })
  failures: number = 0;

  @Property({ type: 'datetime', nullable: true })
  lockedUntil?: Date | null;
}
