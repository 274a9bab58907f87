import { Migration } from '@mikro-orm/migrations';

const KINDS_BEFORE = ['account_created', 'signed_in', 'product_created', 'product_updated', 'product_deleted', 'stock_adjusted', 'profile_updated', 'password_changed'];
const KINDS_AFTER = [...KINDS_BEFORE, 'stock_low', 'stock_out'];
const check = (kinds: string[]) => `alter table "activity_log" add constraint "activity_log_kind_check" check ("kind" in (${kinds.map((kind) => `'${kind}'`).join(', ')}));`;

/** The activity log also records a product crossing into low stock or out of stock. */
export class Migration20261124000300 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "activity_log" drop constraint "activity_log_kind_check";`);
    this.addSql(check(KINDS_AFTER));
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "activity_log" where "kind" in ('stock_low', 'stock_out');`);
    this.addSql(`alter table "activity_log" drop constraint "activity_log_kind_check";`);
    this.addSql(check(KINDS_BEFORE));
  }
}
