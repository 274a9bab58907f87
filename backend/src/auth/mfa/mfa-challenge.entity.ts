import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from '../../account/user.entity';

/**
 * A sign-in waiting for its second factor: the password was right (or an
 * OpenID provider vouched for the account). Keyed by
 * the SHA-256 of the `mfaToken` handed out (the token itself is not stored);
 * deleted when the sign-in completes, so the token works once.
 */
@Entity({ tableName: 'mfa_challenges' })
export class MfaChallenge {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ length: 64 })
  tokenHash!: string;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property()
  expiresAt!: Date;

  /** How the sign-in's first step was made when not by password (`{ via: 'sso', provider }`), for its activity entry. */
  @Property({ type: 'json', nullable: true })
  via?: Record<string, unknown> | null;

  @Property({ defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
