import { Entity, PrimaryKeyProp, Property } from '@mikro-orm/core';
import { createHash } from 'node:crypto';

/**
 * The key sign-in attempts are counted under for an email: the SHA-256 of
 * the normalized address. Fixed length whatever an attacker types, and the
 * addresses people mistype or probe are not stored.
 */
export const emailKeyOf = (normalizedEmail: string) => createHash('sha256').update(normalizedEmail, 'utf8').digest('hex');

/**
 * Sign-in attempts for one email from one client. Keyed by the email, not
 * the account, so an email without an account collects failures and locks
 * exactly like one with (the lockout reveals nothing about who has an
 * account); keyed by client so an attacker locks the email only for
 * themselves: the owner signing in from elsewhere is not locked out.
 */
@Entity({ tableName: 'sign_in_attempts' })
export class SignInAttempts {
  [PrimaryKeyProp]?: ['emailKey', 'clientKey'];

  /** emailKeyOf the normalized email. */
  @Property({ primary: true, length: 64 })
  emailKey!: string;

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
