import { Migration } from '@mikro-orm/migrations';
import { appendKind, dropKind } from './Migration20261125110000';

/**
 * A workspace's owners may require a second factor of its members
 * (`require_second_factor`, off for every workspace until an owner turns it
 * on), and turning it on or off is listed in the workspace's activity.
 */
export class Migration20261202000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "workspaces" add column "require_second_factor" boolean not null default false;`);
    this.addSql(appendKind('second_factor_policy_changed'));
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "activity_log" where "kind" = 'second_factor_policy_changed';`);
    this.addSql(dropKind('second_factor_policy_changed'));
    this.addSql(`alter table "workspaces" drop column "require_second_factor";`);
  }
}
