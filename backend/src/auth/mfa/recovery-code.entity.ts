import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { User } from '../../account/user.entity';

/** One of an account's ten one-time recovery codes, as its SHA-256 (recovery-codes.ts); a new set replaces the old one. */
@Entity({ tableName: 'recovery_codes' })
@Index({ properties: ['user', 'codeHash'] })
export class RecoveryCode {
  [OptionalProps]?: 'usedAt' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade', index: false })
  user!: User;

  @Property({ length: 64 })
  codeHash!: string;

  @Property({ type: 'datetime', nullable: true })
  usedAt?: Date | null;

  @Property({ defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
