import { Migration } from '@mikro-orm/migrations';
import { appendKind, dropKind } from './Migration20261125110000';

const KINDS = ['totp_enabled', 'totp_disabled', 'recovery_codes_created', 'recovery_code_used'];

/**
 * Second factors: an account's authenticator (its secret sealed, the time
 * step of the last code used), its recovery codes as SHA-256 hashes, and the
 * sign-ins waiting for a code. Account tables, not a workspace's: no
 * row-level security, like sessions. Changes to factors are logged. A
 * session keeps when its password or a code was last given again (step-up).
 */
export class Migration20261130080000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "totp_factors" ("user_id" uuid not null, "secret_sealed" text not null, "confirmed_at" timestamptz null, "last_time_step" int null, "created_at" timestamptz not null default now(), constraint "totp_factors_pkey" primary key ("user_id"));`);
    this.addSql(`create table "recovery_codes" ("id" uuid not null, "user_id" uuid not null, "code_hash" varchar(64) not null, "used_at" timestamptz null, "created_at" timestamptz not null default now(), constraint "recovery_codes_pkey" primary key ("id"));`);
    this.addSql(`create index "recovery_codes_user_id_code_hash_index" on "recovery_codes" ("user_id", "code_hash");`);
    this.addSql(`create table "mfa_challenges" ("token_hash" varchar(64) not null, "user_id" uuid not null, "expires_at" timestamptz not null, "created_at" timestamptz not null default now(), constraint "mfa_challenges_pkey" primary key ("token_hash"));`);
    this.addSql(`alter table "totp_factors" add constraint "totp_factors_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "recovery_codes" add constraint "recovery_codes_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "mfa_challenges" add constraint "mfa_challenges_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "sessions" add column "verified_at" timestamptz null;`);
    for (const kind of KINDS) this.addSql(appendKind(kind));
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "activity_log" where "kind" in (${KINDS.map((kind) => `'${kind}'`).join(', ')});`);
    for (const kind of [...KINDS].reverse()) this.addSql(dropKind(kind));
    this.addSql(`alter table "sessions" drop column "verified_at";`);
    this.addSql(`drop table if exists "mfa_challenges" cascade;`);
    this.addSql(`drop table if exists "recovery_codes" cascade;`);
    this.addSql(`drop table if exists "totp_factors" cascade;`);
  }
}
