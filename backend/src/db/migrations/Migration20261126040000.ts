import { Migration } from '@mikro-orm/migrations';

/**
 * A stock movement's owner_id is its product's owner, copied so the owner's
 * movements are found without a join. Its foreign key to users checked, for
 * every movement, what the product's own key already holds: the product
 * exists, so its owner does, and an owner's removal removes their products,
 * which removes the products' movements. The check was a lookup and a row
 * lock on the user per movement: about 1 s of a 100,000-row import.
 */
export class Migration20261126040000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "stock_movements" drop constraint if exists "stock_movements_owner_id_foreign";`);
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "stock_movements" add constraint "stock_movements_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }
}
