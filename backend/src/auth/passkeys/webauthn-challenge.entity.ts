import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from '../../account/user.entity';

/**
 * A challenge handed to a browser for a passkey to sign: keyed by its
 * SHA-256 (the challenge itself is not stored), deleted when answered, so
 * each is answered once, and good for 5 minutes. `purpose` says what it may
 * be answered for; `user` is the account it was issued to (none for a
 * sign-in that starts with the passkey).
 */
@Entity({ tableName: 'webauthn_challenges' })
export class WebAuthnChallenge {
  [OptionalProps]?: 'createdAt' | 'user';

  @PrimaryKey({ length: 64 })
  challengeHash!: string;

  /** 'register', 'sign_in' (no password) or 'second_factor'. */
  @Property({ length: 16 })
  purpose!: string;

  @ManyToOne(() => User, { deleteRule: 'cascade', nullable: true })
  user?: User | null;

  @Property()
  expiresAt!: Date;

  @Property({ defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
