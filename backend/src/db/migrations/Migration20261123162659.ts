import { Migration } from '@mikro-orm/migrations';

/**
 * Sign-in attempts are counted per email (its SHA-256, sign-in-attempts.entity.ts)
 * and client instead of per account, so an email without an account locks like
 * one with. The existing rows are deleted, not converted: they are transient
 * (a lock lasts 15 minutes) and were keyed by whole IPv6 addresses, which the
 * new per-/64 client keys would merge.
 */
export class Migration20261123162659 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`delete from "sign_in_attempts";`);
    this.addSql(`alter table "sign_in_attempts" drop constraint "sign_in_attempts_user_id_foreign";`);

    this.addSql(`alter table "sign_in_attempts" drop constraint "sign_in_attempts_pkey";`);
    this.addSql(`alter table "sign_in_attempts" drop column "user_id";`);

    this.addSql(`alter table "sign_in_attempts" add column "email_key" varchar(64) not null;`);
    this.addSql(`alter table "sign_in_attempts" add constraint "sign_in_attempts_pkey" primary key ("email_key", "client_key");`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "sign_in_attempts";`);
    this.addSql(`alter table "sign_in_attempts" drop constraint "sign_in_attempts_pkey";`);
    this.addSql(`alter table "sign_in_attempts" drop column "email_key";`);

    this.addSql(`alter table "sign_in_attempts" add column "user_id" uuid not null;`);
    this.addSql(`alter table "sign_in_attempts" add constraint "sign_in_attempts_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "sign_in_attempts" add constraint "sign_in_attempts_pkey" primary key ("user_id", "client_key");`);
  }
}
