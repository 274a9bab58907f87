import { Migration } from '@mikro-orm/migrations';

/**
 * A sign-in waiting for its second factor keeps how its first step was made
 * (`via`: null after a password, the provider after a single sign-on), so
 * the session it opens is listed in the account's activity as that.
 */
export class Migration20261202010000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "mfa_challenges" add column "via" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "mfa_challenges" drop column "via";`);
  }
}
