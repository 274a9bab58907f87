import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Rules } from '@stockroom/schema';
import { randomUUID } from 'node:crypto';
import { User } from '../../account/user.entity';

/**
 * An account's link to its identity at an OpenID provider: the provider's
 * issuer and its subject for the person, which never change, unlike an email.
 * A subject signs in to one account only, and an account links once per issuer.
 */
@Entity({ tableName: 'oidc_identities' })
@Unique({ name: 'oidc_identities_issuer_subject_unique', properties: ['issuer', 'subject'] })
@Unique({ name: 'oidc_identities_user_issuer_unique', properties: ['user', 'issuer'] })
export class OidcIdentity {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ length: 255 })
  issuer!: string;

  /** An OpenID subject is at most 255 ASCII characters. */
  @Property({ length: 255 })
  subject!: string;

  /** The email the provider said when the link was made: shown on the profile, never used to match. */
  @Property({ length: Rules.email.max, nullable: true })
  email?: string | null;

  @Property({ defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
