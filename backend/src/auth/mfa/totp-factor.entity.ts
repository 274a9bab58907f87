import { Entity, ManyToOne, OptionalProps, PrimaryKeyProp, Property } from '@mikro-orm/core';
import { User } from '../../account/user.entity';

/**
 * An account's authenticator (TOTP). Made when set-up starts and in force
 * once a first code confirms it; an account has one at most.
 */
@Entity({ tableName: 'totp_factors' })
export class TotpFactor {
  [PrimaryKeyProp]?: 'user';
  [OptionalProps]?: 'confirmedAt' | 'lastTimeStep' | 'createdAt';

  @ManyToOne(() => User, { primary: true, deleteRule: 'cascade' })
  user!: User;

  /** The secret sealed by secret-box.ts; never in an answer after the one that started the set-up. */
  @Property({ type: 'text', hidden: true })
  secretSealed!: string;

  /** Null while set-up waits for its first code: sign-in does not ask for one yet. */
  @Property({ type: 'datetime', nullable: true })
  confirmedAt?: Date | null;

  /** The time step of the last code accepted: that code and every earlier one are refused (no replay). */
  @Property({ type: 'integer', nullable: true })
  lastTimeStep?: number | null;

  @Property({ defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
