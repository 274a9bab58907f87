import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { User } from '../../account/user.entity';

/**
 * A passkey (WebAuthn credential) of an account: the authenticator keeps the
 * private key, the server its public key and the signature counter it last
 * reported. An account with one has a second factor, and can sign in with it
 * instead of the password.
 */
@Entity({ tableName: 'passkeys' })
export class Passkey {
  [OptionalProps]?: 'counter' | 'transports' | 'lastUsedAt' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** Indexed: the profile lists an account's passkeys, and sign-in with a second factor reads them. */
  @ManyToOne(() => User, { deleteRule: 'cascade', index: true })
  user!: User;

  /** The credential's id as the authenticator gave it, base64url; one account at most holds it. */
  @Property({ type: 'text', unique: true })
  credentialId!: string;

  /** The COSE public key. */
  @Property({ type: 'blob', hidden: true })
  publicKey!: Buffer;

  /** The signature counter last reported (0 for authenticators that keep none). */
  @Property({ type: 'bigint', default: 0 })
  counter: string = '0';

  /** How the browser may reach the authenticator ("internal", "usb", "hybrid"…), handed back at sign-in. */
  @Property({ type: 'text[]', default: '{}' })
  transports: string[] = [];

  @Property({ length: 100 })
  name!: string;

  @Property({ defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  lastUsedAt?: Date | null;
}
