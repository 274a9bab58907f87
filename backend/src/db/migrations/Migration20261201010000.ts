import { Migration } from '@mikro-orm/migrations';
import { appendKind, dropKind } from './Migration20261125110000';

const KINDS = ['passkey_added', 'passkey_removed'];

/**
 * Passkeys: an account's WebAuthn credentials (public key, signature
 * counter, transports, the name its holder gave it), and the challenges
 * handed out for them, kept as SHA-256 hashes until answered. Account tables,
 * not a workspace's: no row-level security, like sessions. Adding and
 * removing a passkey are logged.
 */
export class Migration20261201010000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "passkeys" ("id" uuid not null, "user_id" uuid not null, "credential_id" text not null, "public_key" bytea not null, "counter" bigint not null default 0, "transports" text[] not null default '{}', "name" varchar(100) not null, "created_at" timestamptz not null default now(), "last_used_at" timestamptz null, constraint "passkeys_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "passkeys_user_id_index" on "passkeys" ("user_id");`);
    this.addSql(`alter table "passkeys" add constraint "passkeys_credential_id_unique" unique ("credential_id");`);
    this.addSql(`alter table "passkeys" add constraint "passkeys_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(
      `create table "webauthn_challenges" ("challenge_hash" varchar(64) not null, "purpose" varchar(16) not null, "user_id" uuid null, "expires_at" timestamptz not null, "created_at" timestamptz not null default now(), constraint "webauthn_challenges_pkey" primary key ("challenge_hash"));`,
    );
    this.addSql(`alter table "webauthn_challenges" add constraint "webauthn_challenges_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    for (const kind of KINDS) this.addSql(appendKind(kind));
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "activity_log" where "kind" in (${KINDS.map((kind) => `'${kind}'`).join(', ')});`);
    for (const kind of [...KINDS].reverse()) this.addSql(dropKind(kind));
    this.addSql(`drop table if exists "webauthn_challenges" cascade;`);
    this.addSql(`drop table if exists "passkeys" cascade;`);
  }
}
