import { Migration } from '@mikro-orm/migrations';

/**
 * Personal access tokens: the SHA-256 of each (unique, the lookup key), its
 * scopes, expiry, last use and, when a deactivation revoked it, why.
 */
export class Migration20261125120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "api_tokens" ("id" uuid not null, "user_id" uuid not null, "name" varchar(100) not null, "scopes" text[] not null, "prefix" varchar(16) not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null default now(), "last_used_at" timestamptz null, "expires_at" timestamptz null, "revoked_at" timestamptz null, "revoked_reason" text null, constraint "api_tokens_pkey" primary key ("id"), constraint api_tokens_scopes_check check (cardinality("scopes") > 0 and "scopes" <@ array['read', 'write']::text[]), constraint api_tokens_name_length_check check (char_length("name") >= 1));`,
    );
    this.addSql(`create index "api_tokens_user_id_index" on "api_tokens" ("user_id");`);
    this.addSql(`alter table "api_tokens" add constraint "api_tokens_token_hash_unique" unique ("token_hash");`);
    this.addSql(`alter table "api_tokens" add constraint "api_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "api_tokens" cascade;`);
  }
}
