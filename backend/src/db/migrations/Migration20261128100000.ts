import { Migration } from '@mikro-orm/migrations';

/**
 * A product's cost price: what the shop pays for it, optional, money like
 * the price (NUMERIC(10,2), within the price's limits), so the two can be
 * compared to the cent.
 */
export class Migration20261128100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "products" add column "cost_price" numeric(10,2) null;`);
    this.addSql(`alter table "products" add constraint "products_cost_price_check" check ("cost_price" >= 0.01 and "cost_price" <= 999999.99);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "products" drop constraint if exists "products_cost_price_check";`);
    this.addSql(`alter table "products" drop column if exists "cost_price";`);
  }
}
