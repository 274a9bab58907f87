import { Migration } from '@mikro-orm/migrations';

/**
 * users.password_set: whether the account's holder chose its password. An
 * account single sign-on opened has a random one nobody knows, so the
 * profile offers to set a password rather than asking for the current one.
 *
 * Accounts single sign-on opened before this migration are found by their
 * link: made with the account (within seconds of it; a link made later
 * needs a sign-in at the provider first), with no password changed, set or
 * reset since.
 */
export class Migration20261205000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "password_set" boolean not null default true;`);
    this.addSql(`update "users" as u set "password_set" = false
      where exists (select 1 from "oidc_identities" as i where i."user_id" = u."id" and i."created_at" < u."created_at" + interval '10 seconds')
        and not exists (select 1 from "activity_log" as a where a."user_id" = u."id" and a."kind" = 'password_changed');`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column "password_set";`);
  }
}
