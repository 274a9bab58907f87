import { Migration } from '@mikro-orm/migrations';

/**
 * users.password_set: whether the account's holder chose its password. An
 * account single sign-on opened has a random one nobody knows, so the
 * profile offers to set a password rather than asking for the current one.
 */
export class Migration20261205000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "password_set" boolean not null default true;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column "password_set";`);
  }
}
