import { Migration } from '@mikro-orm/migrations';

export class Migration20261121140123 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "rate_limit_buckets" ("key" varchar(300) not null, "window_start" timestamptz not null, "hits" int not null, constraint "rate_limit_buckets_pkey" primary key ("key"));`);

    this.addSql(`create table "users" ("id" uuid not null, "email" varchar(254) not null, "first_name" varchar(50) not null, "last_name" varchar(50) not null, "avatar" varchar(500) null, "status" text check ("status" in ('Active', 'Inactive')) not null default 'Active', "role" text check ("role" in ('Member', 'Admin')) not null default 'Member', "email_verified" boolean not null default false, "password_hash" varchar(255) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "users_pkey" primary key ("id"));`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);

    this.addSql(`create table "sign_in_attempts" ("user_id" uuid not null, "client_key" varchar(64) not null, "failures" int not null default 0, "pending" int not null default 0, "pending_until" timestamptz null, "locked_until" timestamptz null, constraint "sign_in_attempts_pkey" primary key ("user_id", "client_key"));`);

    this.addSql(`create table "sessions" ("id" uuid not null, "user_id" uuid not null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null, "revoked_at" timestamptz null, constraint "sessions_pkey" primary key ("id"));`);
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);

    this.addSql(`create table "one_time_tokens" ("id" uuid not null, "user_id" uuid not null, "purpose" text check ("purpose" in ('password_reset', 'email_verification')) not null, "token_hash" varchar(64) not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null default now(), constraint "one_time_tokens_pkey" primary key ("id"));`);
    this.addSql(`alter table "one_time_tokens" add constraint "one_time_tokens_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "one_time_tokens_user_id_purpose_index" on "one_time_tokens" ("user_id", "purpose");`);

    this.addSql(`alter table "sign_in_attempts" add constraint "sign_in_attempts_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "one_time_tokens" add constraint "one_time_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "sign_in_attempts" drop constraint "sign_in_attempts_user_id_foreign";`);

    this.addSql(`alter table "sessions" drop constraint "sessions_user_id_foreign";`);

    this.addSql(`alter table "one_time_tokens" drop constraint "one_time_tokens_user_id_foreign";`);

    this.addSql(`drop table if exists "rate_limit_buckets" cascade;`);

    this.addSql(`drop table if exists "users" cascade;`);

    this.addSql(`drop table if exists "sign_in_attempts" cascade;`);

    this.addSql(`drop table if exists "sessions" cascade;`);

    this.addSql(`drop table if exists "one_time_tokens" cascade;`);
  }

}
