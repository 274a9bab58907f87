import { ArrayType, Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { API_TOKEN_SCOPES, ApiTokenFields, type ApiTokenRevokedReason, type ApiTokenScope } from '@stockroom/schema';
import { randomUUID } from 'node:crypto';
import { User } from './user.entity';
import { Workspace } from './workspace.entity';

/**
 * A personal access token: its owner, name and scopes, and the SHA-256 of
 * its secret (never the secret itself). Revoked by its owner, the row is
 * deleted; revoked by a deactivation, it stays with the reason, so the
 * owner's list says why it stopped working.
 */
@Entity({ tableName: 'api_tokens' })
@Check({ name: 'api_tokens_scopes_check', expression: `cardinality("scopes") > 0 and "scopes" <@ array[${API_TOKEN_SCOPES.map((scope) => `'${scope}'`).join(', ')}]::text[]` })
@Check({ name: 'api_tokens_name_length_check', expression: `char_length("name") >= ${ApiTokenFields.name.min}` })
export class ApiToken {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  @Index()
  user!: User;

  /** The one workspace the token acts in. */
  @ManyToOne(() => Workspace, { deleteRule: 'cascade' })
  @Index()
  workspace!: Workspace;

  @Property({ length: ApiTokenFields.name.max })
  name!: string;

  @Property({ type: ArrayType })
  scopes!: ApiTokenScope[];

  /** The token's first characters (`stk_` and a few more), shown in the list to tell tokens apart. */
  @Property({ length: 16 })
  prefix!: string;

  /** SHA-256 of the whole token, hex; never exposed. */
  @Property({ length: 64, unique: true, hidden: true })
  tokenHash!: string;

  @Property({ defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  lastUsedAt?: Date | null;

  /** null: never expires. */
  @Property({ type: 'datetime', nullable: true })
  expiresAt?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  revokedAt?: Date | null;

  @Property({ type: 'text', nullable: true })
  revokedReason?: ApiTokenRevokedReason | null;
}
